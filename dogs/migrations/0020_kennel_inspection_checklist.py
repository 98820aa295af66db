"""A kennel license's inspection is answered on the Animal Inspector's own checklist,
``north_andover.kennel_inspection``: the five findings of Kennel license B(3). Visits of a
kennel license application recorded on the whole rule set move to it, keeping only those
findings; what the applicant stated stays the application's."""

from django.db import migrations

RULE_SET = "north_andover.kennel_license"
CHECKLIST = "north_andover.kennel_inspection"
FINDINGS = ("location_appropriate", "no_adverse_neighborhood_effect", "safe_sanitary_humane",
            "records_kept", "consistent_with_health_safety")


def to_checklist(apps, schema_editor):
    Inspection = apps.get_model("enforcement", "Inspection")
    for inspection in Inspection.objects.filter(check_code=RULE_SET,
                                                application__isnull=False):
        inspection.check_code = CHECKLIST
        inspection.answers = {name: value for name, value in inspection.answers.items()
                              if name in FINDINGS}
        inspection.save(update_fields=["check_code", "answers"])


class Migration(migrations.Migration):
    dependencies = [
        ("dogs", "0019_case_dog"),
        ("enforcement", "0013_fine_descriptions_in_other_languages"),
    ]

    operations = [migrations.RunPython(to_checklist, migrations.RunPython.noop)]
