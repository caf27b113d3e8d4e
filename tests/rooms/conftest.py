import pytest

from rooms import gamestate
from tests.conftest import load_site_content


@pytest.fixture
def site(transactional_db):
    """The rulebooks in the database (clause links), a fresh room cache and channel layer."""
    from channels.layers import channel_layers

    from simulator import scene

    load_site_content()
    gamestate._cache.clear()
    scene._clauses.clear()
    channel_layers.backends.clear()
    yield
    gamestate._cache.clear()


@pytest.fixture
def application():
    from rulesite.asgi import application

    return application
