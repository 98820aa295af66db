"""Every dog now has a residence (0005 gave one to each dog registered before)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("dogs", "0005_dog_residence"),
        ("parties", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="dog",
            name="residence",
            field=models.ForeignKey(
                help_text="The residential property where the dog is kept.",
                on_delete=django.db.models.deletion.PROTECT,
                related_name="dogs",
                to="parties.property",
            ),
        ),
    ]
