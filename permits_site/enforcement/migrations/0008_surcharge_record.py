"""A surcharge classification is about a citation or an order (Tisbury BOH Reg 09.1.4,
09.5.1: "Citation/Order to Correct Violations")."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('enforcement', '0007_case_place'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='surchargeclassification',
            name='order',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='surcharge_classifications', to='enforcement.order'),
        ),
        migrations.AlterField(
            model_name='surchargeclassification',
            name='citation',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='surcharge_classifications', to='enforcement.citation'),
        ),
        migrations.AddConstraint(
            model_name='surchargeclassification',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('citation__isnull', False), ('order__isnull', True)), models.Q(('citation__isnull', True), ('order__isnull', False)), _connector='OR'), name='surcharge_classification_of_one_record'),
        ),
    ]
