"""Reference data: the six offenses whose amounts the chapter leaves to the Select Board
("a fine established by the Select Board": Licenses A(10), Restraint A, C, D, Limits E,
Feeding wildlife A(4)) and the spec seeds, say who sets them on the schedule's page, rather
than "The law text". An admin's own entry is kept; the amounts are not touched.
"""

from django.db import migrations

SEEDED_FOR_THE_SELECT_BOARD = ("unlicensed_dog", "running_at_large", "dog_litter",
                               "nuisance_noise", "animal_limit", "feeding_wildlife")


def name_the_select_board(apps, schema_editor):
    FineItem = apps.get_model("enforcement", "FineItem")
    FineItem.objects.filter(
        schedule__municipality__code="north_andover", offense__in=SEEDED_FOR_THE_SELECT_BOARD,
        amount_set_by="",
    ).update(amount_set_by="the Select Board")


class Migration(migrations.Migration):
    dependencies = [
        ("dogs", "0017_rescissions_on_orders"),
        ("enforcement", "0010_offense_amounts_set_by"),
    ]

    operations = [migrations.RunPython(name_the_select_board, migrations.RunPython.noop)]
