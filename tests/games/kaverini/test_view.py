"""The players' view: secrets never reach it, it follows the table, it cannot be written,
--lan needs its token, clients cannot stall the table, and a real Chromium shows it."""

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from browser import CHROMIUM, FLAGS, needs_chromium

from conftest import ROOT, Play

SECRETS = ["Xylophone", "Quokka", "Hidden Tunnel Move", "Burrow Blast Secret",
           "Invisible Ink Pot"]
BOX = ROOT / "tests" / "data" / "secret"


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


@pytest.fixture
def viewed(tmp_path):
    p = Play(tmp_path / "c.sqlite", seed=2, boxes=[BOX])
    out = p.do("view")
    url = re.search(r"(http://[^\s?]+)", out).group(1)     # the TV's own token: not needed here
    yield p, url
    p.do("view --stop")
    p.close()


def seen(url: str) -> bytes:
    return get(url)[1] + get(url + "state.json")[1]


def test_secrets_never_reach_the_page(viewed):
    p, url = viewed
    sent = seen(url)
    for line in ("adventure amsterdam",
                 "kaveri Ann --ability Focused --technique Cheer --technique Love --technique Anger",
                 "item Ann 'Invisible Ink Pot'", "confront 'Masked Mole'", "use Ann Cheer --roll 20",
                 "foe 'Masked Mole' 'Hidden Tunnel Move'", "next", "foe 'Masked Mole' 'Burrow Blast'",
                 "status", "lottery --dice 1,2", "use Ann Love"):
        p.do(line)
        sent += seen(url)
    for secret in SECRETS:
        assert secret.encode() not in sent, secret
    assert b"Masked Mole" in sent and b'"emotion": 1' in sent   # the public side is there


def test_a_psychic_kaveri_opens_the_secrets(viewed):
    p, url = viewed
    p.do("kaveri Pia --ability Psychic --technique Cheer --technique Love --technique Anger",
         "confront 'Masked Mole'")
    body = get(url + "state.json")[1]
    assert b"Xylophone Class" in body and b"Hidden Tunnel Move" in body


def test_the_view_follows_the_table(viewed):
    p, url = viewed
    p.do("kaveri Ann --ability Focused --technique Cheer --technique Love --technique Anger",
         "confront 'Masked Mole'")
    assert b'"hp": 20' in get(url + "state.json")[1]
    p.do("next", "foe 'Masked Mole' 'Hidden Tunnel Move'")
    body = get(url + "state.json")[1]
    assert b'"hp": 16' in body and b'"ready_to_feel": false' in body


def test_no_write_endpoint(viewed):
    _, url = viewed
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        request = urllib.request.Request(url + "state.json", data=b"{}", method=method)
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(request, timeout=5)
        assert e.value.code == 405
    assert get(url + "../../etc/passwd")[0] == 404


def test_lan_mode_needs_the_token(tmp_path):
    p = Play(tmp_path / "c.sqlite")
    try:
        out = p.do("view --lan")
        url = re.search(r"(http://\S+)", out).group(1)
        port = p.table.services["view"].port
        token = p.table.services["view"].token
        assert f"?token={token}" in url and len(token) >= 16
        local = f"http://127.0.0.1:{port}/"
        assert get(local) == (403, b"")
        assert get(local + "state.json?token=wrong") == (403, b"")
        assert get(local + f"state.json?token={token}")[0] == 200
        assert get(local + f"?token={token}")[0] == 200
    finally:
        p.do("view --stop")
        p.close()


def test_many_idle_clients_cannot_stall_the_table(viewed):
    p, url = viewed
    port = p.table.services["view"].port
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(60)]
    try:
        p.do("kaveri Ann --ability Focused --technique Cheer --technique Love --technique Anger")
        status, body = get(url + "state.json")       # served beside the idle ones
        assert status == 200 and b'"name": "Ann"' in body
    finally:
        for s in idle:
            s.close()




@needs_chromium
def test_a_real_browser_follows_a_scripted_confrontation(tmp_path):
    assert CHROMIUM, "CI must have Chromium (.ci/run installs Debian's chromium)"
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp_path / "data"))
    play = subprocess.Popen([sys.executable, "-m", "guide", "play", "--campaign",
                             str(tmp_path / "c.sqlite"), "--seed", "3"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1,
                            env=env)

    def send(*lines):
        for line in lines:
            play.stdin.write(line + "\n")
        play.stdin.flush()

    def wait_for(text: str) -> None:
        """Until the server publishes `text` (the table runs in another process)."""
        for _ in range(100):
            if text.encode() in get(url.split("?")[0] + "state.json")[1]:
                return
            time.sleep(0.1)
        raise AssertionError(f"the view never showed {text!r}")

    def browser(*extra) -> str:
        r = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'chromium'}",
                            *extra, url], capture_output=True, text=True, timeout=600)
        return r.stdout

    try:
        send("view")
        url = None
        while url is None:
            line = play.stdout.readline()
            assert line, play.stderr.read()
            match = re.search(r"(http://\S+)", line)
            url = match.group(1) if match else None
        send("adventure amsterdam",
             "kaveri Ann --ability Focused --technique Cheer --technique Love --technique Anger",
             "kaveri Bob --ability Lagom --technique Sadness --technique Happy --technique Anger",
             "confront 'Rogue Herring Gull'")
        wait_for('"ready_to_feel": true')
        before = browser("--dump-dom")
        assert 'data-name="Ann" data-hp="20" data-max="20" style="width: 100%;"' in before
        assert "Get ready to feel!" in before
        send("next", "next", "foe 'Rogue Herring Gull' 'Snatch the Stroopwafel' --on Ann")
        wait_for('"hp": 18')
        after = browser("--dump-dom")
        assert 'data-name="Ann" data-hp="18" data-max="20" style="width: 90%;"' in after
        for secret in ("Sadness", "Cheer", "Snatch the Stroopwafel", "Loud Squawk"):
            assert f"Heel {secret}" not in after and secret not in after.split("<script>")[0]
        artifacts = ROOT / "tests" / "artifacts"
        artifacts.mkdir(exist_ok=True)
        shot = artifacts / "players-view.png"
        browser("--window-size=1400,1000", f"--screenshot={shot}")
        assert shot.exists() and shot.stat().st_size > 10_000
        print(f"screenshot of the players' view: {shot}")
    finally:
        play.stdin.close()
        play.wait(timeout=30)


def test_guide_view_follows_a_campaign_played_elsewhere(tmp_path):
    campaign = str(tmp_path / "c.sqlite")
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp_path / "data"))
    create = "kaveri Ann --ability Focused --technique Cheer --technique Love --technique Anger\n"
    subprocess.run([sys.executable, "-m", "guide", "play", "--campaign", campaign], input=create,
                   text=True, env=env, check=True, capture_output=True)
    view = subprocess.Popen([sys.executable, "-m", "guide", "view", "--campaign", campaign],
                            stdout=subprocess.PIPE, text=True, env=env)
    try:
        url = re.search(r"(http://[^\s?]+)", view.stdout.readline()).group(1)
        assert b'"hp": 20' in get(url + "state.json")[1]
        subprocess.run([sys.executable, "-m", "guide", "play", "--campaign", campaign],
                       input="confront 'Rogue Herring Gull'\nnext\nfoe 'Rogue Herring Gull'"
                             " 'Snatch the Stroopwafel'\n",
                       text=True, env=env, check=True, capture_output=True)
        for _ in range(50):
            if b'"hp": 18' in get(url + "state.json")[1]:
                break
            time.sleep(0.1)
        assert b'"hp": 18' in get(url + "state.json")[1]
    finally:
        view.terminate()
        view.wait(timeout=10)
