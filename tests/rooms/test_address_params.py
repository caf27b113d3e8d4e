"""A room page's own query parameters (``?play=<action>&v=<version>``) are read by the address
grammar (simulator/addressing.py): a bad one is a 400 naming it, and changes nothing."""

import pytest

from rooms.models import Room

pytestmark = pytest.mark.usefixtures("site")

ROOM = "/en/finstere-flure/rooms/1/"


@pytest.mark.parametrize("v", ["x", "-1", "²"])
def test_a_move_link_with_a_bad_version_is_a_400_naming_it(client, v):
    response = client.get(ROOM, {"play": "anything", "v": v})
    assert response.status_code == 400
    assert "v: " in response.content.decode()
    assert not Room.objects.exists()  # looking at a room writes nothing


def test_a_move_link_of_a_room_without_a_game_is_refused_as_before(client):
    response = client.get(ROOM, {"play": "anything", "v": "3"})
    assert response.status_code == 400
    assert "v: " not in response.content.decode()
