"""A restraint order's rescission (Temporary restraint A) is recorded on the order itself:
move the rescissions kept in the dog cases' findings onto their orders, with who rescinded
each as the audit log names them."""

import datetime as dt

from django.db import migrations


def to_orders(apps, schema_editor):
    Case = apps.get_model("enforcement", "Case")
    Order = apps.get_model("enforcement", "Order")
    AuditEntry = apps.get_model("audit", "AuditEntry")
    for case in Case.objects.filter(case_type__startswith="north_andover."):
        rescissions = case.findings.get("rescissions")
        if not rescissions:
            continue
        for pk, rescission in rescissions.items():
            entry = (AuditEntry.objects.filter(action="case.order_rescinded",
                                               after__order=int(pk)).order_by("-at").first())
            Order.objects.filter(pk=int(pk), case=case).update(
                rescinded_on=dt.date.fromisoformat(rescission["on"]),
                rescinded_by_id=entry.actor_id if entry else None,
                rescission_reason=rescission.get("reason", ""))
        case.findings = {key: value for key, value in case.findings.items()
                         if key != "rescissions"}
        case.save(update_fields=["findings"])


def to_findings(apps, schema_editor):
    Case = apps.get_model("enforcement", "Case")
    Order = apps.get_model("enforcement", "Order")
    for order in Order.objects.filter(rescinded_on__isnull=False,
                                      case__case_type__startswith="north_andover."):
        case = Case.objects.get(pk=order.case_id)
        granted = {petition["order"] for petition in case.findings.get("petitions", [])
                   if petition.get("rescind")}
        by = "Hearing authority" if order.pk in granted else "Animal Control Officer"
        case.findings = {**case.findings, "rescissions": {
            **case.findings.get("rescissions", {}),
            str(order.pk): {"on": str(order.rescinded_on), "by": by,
                            "reason": order.rescission_reason}}}
        case.save(update_fields=["findings"])


class Migration(migrations.Migration):

    dependencies = [
        ("dogs", "0016_bite_vaccination_and_boarded_dogs"),
        ("enforcement", "0012_order_rescission"),
        ("audit", "0001_initial"),
    ]

    operations = [migrations.RunPython(to_orders, to_findings)]
