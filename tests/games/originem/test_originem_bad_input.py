"""Campaign options that cannot make a game are refused in one line."""

from __future__ import annotations


def test_an_endless_nova_length_is_refused(gmtool, tmp_path) -> None:  # type: ignore[no-untyped-def]
    for value in (".inf", ".nan"):
        campaign = tmp_path / "endless.yaml"
        campaign.write_text(f"system: originem\noptions:\n  length: {value}\n")
        result = gmtool("campaign", "new", "endless", "--from", str(campaign))
        # Refused where it is read, at its line, as any number that is not finite.
        assert result.code == 3 and "endless.yaml:3:" in result.err, result.err
        assert "not finite" in result.err and len(result.err.strip().splitlines()) == 1


def test_a_length_too_large_for_the_clock_is_refused(gmtool, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # YAML reads 1e308 as text (no dot), 1.0e+300 as a number: both are refused in one line;
    # so is a whole number past the bound every campaign-file number has (a content error).
    for value, code in (("1e308", 2), ("1.0e+300", 3), ("2000000000", 3)):
        campaign = tmp_path / "huge.yaml"
        campaign.write_text(f"system: originem\noptions:\n  length: {value}\n")
        result = gmtool("campaign", "new", "huge", "--from", str(campaign))
        assert result.code == code and len(result.err.strip().splitlines()) == 1, result.err
    result = gmtool("campaign", "new", "huge", "--system", "originem", "--length", "9" * 400)
    assert result.code == 2 and "option length" in result.err, result.err
