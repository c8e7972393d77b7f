"""Hostile files in a --box folder (issue 14, items 7, 8 and 10; pipes and devices in a box
folder, for every game: tests/contract/test_data_contract.py): a device given as a path is
refused unread, a file-wrecking number stops only its own file, and card text
that would act on a terminal (an OSC 52 clipboard write) is shown escaped."""

from conftest import ROOT, guide, write_box

HOSTILE = ROOT / "tests" / "data" / "hostile"
SETTING = "cards:\n  - name: {name}\n    type: setting\n    text: {text}\n"


def test_box_that_is_a_device_says_so(tmp_path):
    r = guide("check", "/dev/zero", timeout=60)
    assert r.stdout.startswith("/dev/zero:1:1: a device, not a regular file")
    r = guide("cards", "--box", "/dev/zero", timeout=60)
    assert "no such file" not in r.stderr and "a device, not a regular file" in r.stderr


def test_a_huge_number_stops_only_its_own_file():
    r = guide("check", str(HOSTILE / "36-int-4400-digits.yaml"),
              str(HOSTILE / "37-int-tag-superscript.yaml"), str(HOSTILE / "05-foe-without-hp.yaml"))
    assert r.returncode == 1 and "Traceback" not in r.stderr and "limit" not in r.stderr
    lines = r.stdout.splitlines()
    assert any(line.startswith(f"{HOSTILE / '36-int-4400-digits.yaml'}:4:9: a number of 4,400")
               for line in lines)
    assert any("37-int-tag-superscript.yaml:4:9: '²' is not a valid whole number" in line
               for line in lines)
    assert any("05-foe-without-hp.yaml:2:5:" in line for line in lines)


def test_card_text_with_terminal_escapes_is_shown_escaped(tmp_path):
    osc52 = '"Looks harmless\\e]52;c;cm0gLXJmIH4=\\a.\\rOverwritten\\u200B"'
    box = tmp_path / "box"
    write_box(box, "x.yaml", SETTING.format(name="Sly Canal", text=osc52))
    r = guide("card", "Sly", "Canal", "--box", str(box))
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in r.stdout and "\x07" not in r.stdout and "\r" not in r.stdout
    assert "Looks harmless\\x1b]52;c;cm0gLXJmIH4=\\x07.\\rOverwritten\\u200b" in r.stdout


def test_no_output_line_carries_a_control_character_whatever_the_data():
    """The last border, for every game: a Result's lines are written out before a terminal
    sees them (an OSC 52 clipboard write, a carriage return, a right-to-left override)."""
    from guide.core.result import Result, Styled, lines

    shown = lines(Result([Styled("Gull\x1b]52;c;aGk=\x07", "alert"), "a\rb", "\u202eabc"],
                         headers=["name"], rows=[["x\x1by"]], notes=["ok\ttab"]))
    assert shown[:3] == ["Gull\\x1b]52;c;aGk=\\x07", "a\\rb", "\\u202eabc"]
    assert shown[0].style == "alert" and "x\\x1by" in shown[-2] and shown[-1] == "ok\ttab"


def test_a_file_holding_both_cards_and_adventure_says_so(tmp_path):
    """It read "unknown key 'adventure'; did you mean 'adventure'?"."""
    box = write_box(tmp_path / "box", "both.yaml", "cards:\n  - {name: Lone Owl, type: foe, hp: 3,"
                    " techniques: [{name: Hoot, schmerz: 1}]}\nadventure:\n  id: x\n")
    r = guide("check", str(box))
    out = r.stdout + r.stderr
    assert "a file holds 'cards:' or 'adventure:', not both" in out and "did you mean" not in out
    assert "both.yaml:3" in out
