"""Every stable now has its property (0004): the address and parcel are the property's."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("stables", "0004_stable_property"),
        ("parties", "0001_initial"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="stable",
            options={"ordering": ["property__address", "pk"]},
        ),
        migrations.RemoveField(model_name="stable", name="address"),
        migrations.RemoveField(model_name="stable", name="parcel"),
        migrations.AlterField(
            model_name="stable",
            name="property",
            field=models.ForeignKey(
                help_text="The stable's site.",
                on_delete=django.db.models.deletion.PROTECT,
                related_name="stables",
                to="parties.property",
            ),
        ),
    ]
