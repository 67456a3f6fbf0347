"""Campaign options that cannot make a game are refused in one line."""

from __future__ import annotations


def test_an_endless_nova_length_is_refused(gmtool, tmp_path) -> None:  # type: ignore[no-untyped-def]
    for value in (".inf", ".nan"):
        campaign = tmp_path / "endless.yaml"
        campaign.write_text(f"system: originem\noptions:\n  length: {value}\n")
        result = gmtool("campaign", "new", "endless", "--from", str(campaign))
        assert result.code == 2 and "above zero" in result.err, result.err
        assert len(result.err.strip().splitlines()) == 1
