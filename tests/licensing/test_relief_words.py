"""Every sentence speaking of relief from a rule uses its permit's law's word: a variance in
Northborough (§8.2), a waiver in Tisbury (09.0.3), nothing in North Andover (chapter 60)."""

import pytest

from permits_site.licensing.kinds import kind_for
from permits_site.licensing.relief import relief_noun, relief_sentence, takes_effect


@pytest.mark.parametrize(("code", "noun"), [
    ("northborough.private_stable", "variance"),
    ("tisbury.temporary_dumpster", "waiver"),
    ("north_andover.dog_license", ""),
])
def test_each_permit_type_has_its_laws_word_for_relief(code, noun):
    assert relief_noun(kind_for(code)) == noun


def test_the_live_findings_offer_a_tisbury_waiver_not_a_variance_09_0_3():
    sentence = relief_sentence(kind_for("tisbury.temporary_dumpster"), "may_still_apply")

    assert sentence == ("You may still apply: the Board may waive a rule in a particular case, "
                        "in writing (Tisbury BOH Reg 09.0.3).")


def test_the_live_findings_offer_a_northborough_variance_8_2():
    sentence = relief_sentence(kind_for("northborough.public_stable"), "may_still_apply")

    assert "grant a variance" in sentence and "§8.2" in sentence


def test_no_relief_is_offered_where_the_law_gives_none():
    assert relief_sentence(kind_for("north_andover.dog_license"), "may_still_apply") == ""


def test_the_statutes_beyond_relief_cite_the_section_saying_so_09_0_3_1():
    sentence = relief_sentence(kind_for("tisbury.dumpster"), "law_beyond_relief")

    assert sentence == ("A Board cannot waive a state or federal statute or a town bylaw "
                        "(Tisbury BOH Reg 09.0.3(1)).")
    assert "cannot vary a state" in relief_sentence(kind_for("northborough.private_stable"),
                                                    "law_beyond_relief")


def test_a_tisbury_waiver_takes_two_signatures_09_0_3():
    assert "once 2 members of the Board sign it" in takes_effect(kind_for("tisbury.dumpster"))
    assert "once the Board grants it in writing" in takes_effect(
        kind_for("northborough.private_stable"))
