import logging

import pytest

from rooms import gamestate, presence
from tests.conftest import load_site_content

from .helpers import Clock


@pytest.fixture(autouse=True)
def _quick_pacing(settings):
    """The rooms show what plays itself one action at a time (rooms.pacing): quickly in the tests."""
    settings.ROOMS_STEP_MS = 10


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


@pytest.fixture
def clock(monkeypatch):
    """The rooms' clock (rooms.presence), moved on by the test: time never passes for real."""
    clock = Clock()
    monkeypatch.setattr(presence, "clock", clock)
    return clock


@pytest.fixture
def no_errors_logged(caplog):
    """Nothing a visitor does leaves an error (or a traceback) in the log; yields the log."""
    caplog.set_level(logging.WARNING)
    yield caplog
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not errors, [r.getMessage() for r in errors]
