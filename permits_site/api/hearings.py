"""The hour and place of a hearing, which every request scheduling or moving one may send
and every answer about one gives.

Left out, the hearing takes the town's usual hearing time and place
(``HeldAtTimeAndPlace.fill_time_and_place``); the answer gives what the notice gives.
"""

from __future__ import annotations

from rest_framework import serializers

from permits_site.api.public.fields import StrictCharField


class HearingTimeAndPlaceInput(serializers.Serializer):
    """The optional ``hearing_time`` ("19:00") and ``location`` of a hearing being set."""

    hearing_time = serializers.TimeField(
        required=False, allow_null=True, default=None, format="%H:%M",
        help_text="When the hearing begins (HH:MM); left out: the town's usual hearing time.",
    )
    location = StrictCharField(
        required=False, allow_blank=True, default="", max_length=200,
        help_text="Where the hearing is held; left out: the town's usual hearing place.",
    )


def hour_field(help_text: str) -> serializers.TimeField:
    """An hour as the requests send it ("19:00"), null when none is set."""
    return serializers.TimeField(format="%H:%M", read_only=True, allow_null=True,
                                 help_text=help_text)


class HeldAtTimeAndPlaceOutput(serializers.Serializer):
    """A hearing's hour and place beside its day, as its notice gives them."""

    hearing_time = hour_field("When the hearing begins (HH:MM); null when it was set "
                              "without one and the town has no usual hearing time.")
    location = serializers.CharField(
        read_only=True, help_text="Where the hearing is held; '' when it was set without "
                                  "one and the town has no usual hearing place.")


def time_and_place(body: dict) -> dict:
    """The hour and place a validated body sent, as the services take them."""
    return {"hearing_time": body.get("hearing_time"), "location": body.get("location", "")}
