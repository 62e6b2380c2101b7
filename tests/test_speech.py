"""Reading aloud without a window (`tentable.speech`): the command each platform gets, the
text on stdin or as one argument after `--` (never through a shell), hostile names, the
thread that never blocks `say`, cut-offs, a bounded queue, a failing command turning
speech off quietly; and, where espeak-ng is installed, a real German sentence as a wav.
"""
import shutil
import subprocess
import sys
import threading

import pytest

from tentable import speech
from tentable.speech import NEWS, NOW, TURN, Command, Speaker

HOSTILE = [
    '"; rm -rf / #',
    "$(Remove-Item -Recurse C:\\)",
    "`touch /tmp/pwned`",
    "'; exit 1; '",
    "Ana\nBen\r\n\x00\x1b[31m",
    "-v evil --help",
    "!-!QUIT",
    "\u202eBen\u200f",
    "Ben\ud800\udfff lone",
    "x" * 10_000,
]


class FakeProcess:
    """A command that runs until `finish` (or `terminate`); what it was given is kept."""

    def __init__(self, argv, kwargs, returncode=0, block=False):
        self.argv, self.kwargs = argv, kwargs
        self.returncode = None
        self._code = returncode
        self.stdin_bytes = None
        self.ended = threading.Event()
        self.terminated = False
        if not block:
            self.ended.set()

    def communicate(self, data=None, timeout=None):
        self.stdin_bytes = data
        self.ended.wait(10)
        self.returncode = -15 if self.terminated else self._code
        return None, None

    def terminate(self):
        self.terminated = True
        self.ended.set()

    kill = terminate

    def finish(self):
        self.ended.set()


class FakePopen:
    """Records every command run; `block` makes each run until finished or ended."""

    def __init__(self, returncode=0, block=False, error=None):
        self.runs: list[FakeProcess] = []
        self.returncode, self.block, self.error = returncode, block, error
        self.started = threading.Semaphore(0)

    def __call__(self, argv, **kwargs):
        if self.error is not None:
            raise self.error
        process = FakeProcess(list(argv), kwargs, self.returncode, self.block)
        self.runs.append(process)
        self.started.release()
        return process

    def wait_started(self, n=1):
        for _ in range(n):
            assert self.started.acquire(timeout=10), "no command was started"


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def speaker(popen=None, backend=None, language="en", **kw):
    backend = backend or speech.Espeak("/usr/bin/espeak-ng")
    s = Speaker(find=lambda: backend, language=lambda: language, popen=popen or FakePopen(),
                **kw)
    s.enable(True)
    return s


def cut_off(process: FakeProcess) -> bool:
    """Was `process` ended by the speaker? (It may be ended a moment later, by the thread,
    when the cut came while it was starting.)"""
    return process.ended.wait(10) and process.terminated


def spoken(process: FakeProcess) -> str:
    return process.stdin_bytes.decode("utf-8")


# -- texts -------------------------------------------------------------------------------
@pytest.mark.parametrize("text", HOSTILE)
def test_a_text_is_cleaned_for_speaking(text):
    said = speech.clean(text)
    assert len(said) <= speech.MAX_CHARS
    assert said == said.strip() and "  " not in said
    assert all(ch.isprintable() for ch in said)
    said.encode("utf-8")                     # no lone surrogate survives


def test_clean_keeps_words_and_cuts_long_texts_at_a_word():
    assert speech.clean("Ana\tplays\n 34\x07") == "Ana plays 34"
    assert speech.clean("Ben\u202e \u200bwins") == "Ben wins"
    long = speech.clean("word " * 500)
    assert long.endswith("word…") and len(long) <= speech.MAX_CHARS
    assert speech.clean(None) == "None" and speech.clean("   ") == ""


def test_texts_are_joined_with_a_stop_where_none_ends_them():
    assert speech.joined(["Ana plays 34", "Your turn"]) == "Ana plays 34. Your turn"
    assert speech.joined(["You win!", "", "Next: 6"]) == "You win! Next: 6"
    assert speech.joined(["You had no other move:", "You pass"]) == \
        "You had no other move: You pass"


# -- the platforms' commands ---------------------------------------------------------------
def which_of(*installed):
    return lambda name: f"/bin/{name}" if name in installed else None


@pytest.mark.parametrize("platform, installed, kind, program", [
    ("linux", ("spd-say", "espeak-ng", "espeak"), speech.SpdSay, "/bin/spd-say"),
    ("linux", ("espeak-ng", "espeak"), speech.Espeak, "/bin/espeak-ng"),
    ("linux", ("espeak",), speech.Espeak, "/bin/espeak"),
    ("freebsd13", ("espeak",), speech.Espeak, "/bin/espeak"),
    ("darwin", ("say", "espeak"), speech.Say, "/bin/say"),
    ("win32", ("powershell", "espeak"), speech.PowerShell, "/bin/powershell"),
])
def test_each_platform_finds_its_own_speech(platform, installed, kind, program):
    backend = speech.find_backend(platform, which_of(*installed))
    assert type(backend) is kind and backend.program == program


@pytest.mark.parametrize("platform", ["linux", "darwin", "win32"])
def test_no_speech_command_is_no_backend(platform):
    assert speech.find_backend(platform, which_of()) is None


def test_find_backend_reads_sys_platform(monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(shutil, "which", which_of("say"))
    assert isinstance(speech.find_backend(which=shutil.which), speech.Say)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(shutil, "which", which_of("powershell"))
    assert isinstance(speech.find_backend(which=shutil.which), speech.PowerShell)


@pytest.mark.parametrize("text", HOSTILE)
def test_spd_say_gets_the_text_as_one_argument_after_the_options(text):
    text = speech.clean(text)
    command = speech.SpdSay("/bin/spd-say").command(text, "de")
    assert command.argv[:4] == ["/bin/spd-say", "-w", "-l", "de"]
    assert command.argv[-2:] == ["--", text] and command.stdin is None
    assert "-e" not in command.argv and "--pipe-mode" not in command.argv
    urgent = speech.SpdSay("/bin/spd-say").command(text, "nl", urgent=True)
    assert urgent.argv[:6] == ["/bin/spd-say", "-w", "-l", "nl", "-P", "message"]


@pytest.mark.parametrize("text", HOSTILE)
def test_espeak_gets_the_text_on_stdin(text):
    text = speech.clean(text)
    command = speech.Espeak("/bin/espeak-ng").command(text, "de")
    assert command.argv == ["/bin/espeak-ng", "-v", "de", "-b", "1", "--stdin"]
    assert command.stdin == text.encode("utf-8")


@pytest.mark.parametrize("text", HOSTILE)
def test_powershell_reads_culture_and_text_from_stdin_never_its_command_line(text):
    text = speech.clean(text)
    command = speech.PowerShell("C:/ps/powershell.exe").command(text, "de")
    assert command.argv == ["C:/ps/powershell.exe", "-NoProfile", "-NonInteractive",
                            "-Command", speech.POWERSHELL_SCRIPT]
    assert command.stdin == ("de-DE\n" + text).encode("utf-8")
    assert "SelectVoiceByHints" in speech.POWERSHELL_SCRIPT
    assert "OpenStandardInput" in speech.POWERSHELL_SCRIPT
    # a language we do not know falls back to English, never into the script
    assert speech.PowerShell("ps").command("hi", "xx; rm").stdin == b"en-US\nhi"


def test_say_keeps_the_default_voice_unless_the_app_speaks_another_language():
    listing = ("Alex                en_US    # Most people recognize me by my voice.\n"
               "Anna                de_DE    # Hallo, ich heiße Anna.\n"
               "Eddy (German (Germany)) de_DE    # Hallo! Ich heiße Eddy.\n"
               "Xander              nl_NL    # Hallo, mijn naam is Xander.\n")
    asked = []

    def run(argv):
        asked.append(argv)
        return listing
    say = speech.Say("/usr/bin/say", system="en", listing=run)
    assert say.command("Your turn", "en") == Command(["/usr/bin/say", "-f", "-"],
                                                     b"Your turn")
    assert asked == []                              # the default voice: nothing asked
    assert say.command("Du bist dran", "de").argv == ["/usr/bin/say", "-v", "Anna",
                                                      "-f", "-"]
    assert say.command("Jij bent", "nl").argv[1:3] == ["-v", "Xander"]
    assert asked == [["/usr/bin/say", "-v", "?"]]    # asked once


def test_say_without_a_voice_list_keeps_the_default_voice():
    def broken(argv):
        raise OSError("no say")
    say = speech.Say("/usr/bin/say", system="en", listing=broken)
    assert say.command("Hallo", "de").argv == ["/usr/bin/say", "-f", "-"]


# -- the speaker -----------------------------------------------------------------------------
def test_nothing_runs_and_no_thread_starts_while_off():
    popen = FakePopen()
    s = Speaker(find=lambda: speech.Espeak("espeak-ng"), popen=popen)
    s.say("Ana plays 34")
    s.say("It is not your turn.", NOW)
    assert not s.started and popen.runs == []
    s.enable(True)
    s.enable(False)
    s.say("still off")
    assert not s.started and popen.runs == []


def test_said_texts_are_run_without_a_shell_in_the_apps_language():
    popen = FakePopen()
    s = speaker(popen, language="de")
    s.say("Ana spielt 34")
    assert s.wait_idle()
    (run,) = popen.runs
    assert run.argv == ["/usr/bin/espeak-ng", "-v", "de", "-b", "1", "--stdin"]
    assert "shell" not in run.kwargs and run.kwargs["stdin"] == subprocess.PIPE
    assert spoken(run) == "Ana spielt 34"
    s.close()


@pytest.mark.parametrize("backend", [speech.SpdSay("/bin/spd-say"), speech.Espeak("espeak-ng"),
                                     speech.Say("/usr/bin/say", listing=lambda argv: ""),
                                     speech.PowerShell("powershell")])
def test_hostile_names_never_reach_a_shell_and_never_crash(backend):
    popen = FakePopen()
    s = speaker(popen, backend=backend, keep=len(HOSTILE))
    for text in HOSTILE:
        s.say(f"{text} plays 34")
    assert s.wait_idle() and s.enabled
    assert len(popen.runs) == len(HOSTILE)
    for run, text in zip(popen.runs, HOSTILE):
        assert "shell" not in run.kwargs
        said = speech.clean(f"{text} plays 34")
        if run.stdin_bytes is not None:           # on stdin: no argument holds the text
            assert said in spoken(run)
            assert not any(said in arg for arg in run.argv)
        else:                                     # one argument, after "--"
            assert run.argv[-2:] == ["--", said]
    s.close()


def test_hostile_texts_reach_a_real_command_intact(tmp_path):
    """Through a real process (Python reading its stdin), every hostile text arrives as
    the cleaned text, bytes for bytes; nothing else runs."""
    out = tmp_path / "heard"

    class Recorder(speech.Backend):
        name = "recorder"

        def command(self, text, language, urgent=False):
            script = ("import sys; f = open(sys.argv[1], 'ab'); "
                      "f.write(sys.stdin.buffer.read() + b'\\n')")
            return Command([sys.executable, "-c", script, str(out)], text.encode("utf-8"))

    s = Speaker(find=lambda: Recorder(sys.executable), keep=len(HOSTILE))   # real Popen
    s.enable(True)
    for text in HOSTILE:
        s.say(text)
    assert s.wait_idle(60) and s.failed is None
    heard = out.read_bytes().decode("utf-8").splitlines()
    assert heard == [speech.clean(text) for text in HOSTILE]
    s.close()


def test_say_never_waits_for_the_command_being_run():
    popen = FakePopen(block=True)
    s = speaker(popen)
    s.say("Ana plays 34")
    popen.wait_started()
    for n in range(50):                     # the first still runs: each returns at once
        s.say(f"Ben plays {n}")
    assert s.busy and len(popen.runs) == 1
    popen.runs[0].finish()
    s.close()


def test_the_queue_keeps_only_the_newest_few():
    popen = FakePopen(block=True)
    s = speaker(popen, keep=3)
    s.say("first")
    popen.wait_started()
    for n in range(10):
        s.say(f"move {n}")
    popen.block = False                   # the rest run through at once
    popen.runs[0].finish()
    assert s.wait_idle()
    assert [spoken(run) for run in popen.runs] == ["first", "move 7", "move 8", "move 9"]
    s.close()


def test_a_refusal_cuts_off_what_is_said_and_drops_what_waits():
    popen = FakePopen(block=True)
    s = speaker(popen)
    s.say("Ana plays 34")
    popen.wait_started()
    s.say("Ben plays 35")
    s.say("That card cannot be moved now.", NOW)
    assert cut_off(popen.runs[0])
    popen.wait_started()
    popen.runs[1].finish()
    assert s.wait_idle()
    assert [spoken(run) for run in popen.runs] == ["Ana plays 34",
                                                   "That card cannot be moved now."]
    assert s.enabled, "a command we ended is no failure"
    s.close()


def test_your_turn_cuts_off_only_what_is_stale():
    clock, popen = Clock(), FakePopen(block=True)
    s = speaker(popen, clock=clock)
    s.say("old news")
    popen.wait_started()
    clock.now += speech.STALE + 1
    s.say("Ana plays 34")                 # fresh: kept
    s.say("Your turn", TURN)
    assert cut_off(popen.runs[0])       # the stale one is cut off
    popen.wait_started()
    popen.runs[1].finish()
    popen.wait_started()
    popen.runs[2].finish()
    assert s.wait_idle()
    assert [spoken(run) for run in popen.runs] == ["old news", "Ana plays 34", "Your turn"]
    # and a fresh one being said is not cut off by "Your turn"
    s.say("Ben plays 35")
    popen.wait_started()
    s.say("Your turn", TURN)
    assert not popen.runs[3].terminated
    popen.runs[3].finish()
    popen.wait_started()
    popen.runs[4].finish()
    assert s.wait_idle()
    s.close()


def test_old_news_is_not_said_at_all():
    clock, popen = Clock(), FakePopen(block=True)
    s = speaker(popen, clock=clock)
    s.say("being said")
    popen.wait_started()
    s.say("waits too long")
    clock.now += speech.MAX_WAIT + 1
    popen.runs[0].finish()
    assert s.wait_idle()
    assert [spoken(run) for run in popen.runs] == ["being said"]
    s.close()


def test_a_failing_command_turns_speech_off_quietly_for_the_session():
    popen = FakePopen(returncode=1)
    s = speaker(popen)
    s.say("Ana plays 34")
    assert s.wait_idle()
    assert not s.enabled and not s.available() and "exit status 1" in s.failed
    s.say("Ben plays 35")
    s.enable(True)                        # turning it on again changes nothing now
    assert not s.enabled and len(popen.runs) == 1
    s.close()


def test_a_command_that_cannot_start_turns_speech_off_quietly():
    s = speaker(FakePopen(error=FileNotFoundError(2, "No such file", "espeak-ng")))
    s.say("Ana plays 34")
    assert s.wait_idle()
    assert not s.enabled and "could not start" in s.failed
    s.close()


def test_no_speech_command_means_not_available_and_never_on():
    s = Speaker(find=lambda: None, popen=FakePopen())
    assert not s.available()
    s.enable(True)
    s.say("Your turn", TURN)
    assert not s.enabled and not s.started
    s.close()


def test_turning_off_stops_at_once():
    popen = FakePopen(block=True)
    s = speaker(popen)
    s.say("a long sentence")
    popen.wait_started()
    s.say("next")
    s.enable(False)
    assert cut_off(popen.runs[0])
    assert s.wait_idle() and len(popen.runs) == 1
    s.close()


def test_close_ends_the_thread_and_the_running_command():
    popen = FakePopen(block=True)
    s = speaker(popen)
    s.say("Ana plays 34")
    popen.wait_started()
    s.close()
    assert cut_off(popen.runs[0])
    assert not s._thread.is_alive()
    s.say("after close")
    assert len(popen.runs) == 1
    s.close()                             # twice is fine


# -- the real thing, where it is installed ---------------------------------------------------
@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_espeak_ng_speaks_a_german_sentence_into_a_wav(tmp_path):
    wav = tmp_path / "de.wav"
    command = speech.Espeak(shutil.which("espeak-ng")).command(
        speech.clean("Du bist dran, Jürgen! Ana spielt die grüne 34."), "de")
    argv = command.argv[:1] + ["-w", str(wav)] + command.argv[1:]
    subprocess.run(argv, input=command.stdin, check=True, timeout=60,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    data = wav.read_bytes()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE"
    assert len(data) > 20_000           # seconds of speech, not an empty file


def test_speech_needs_no_pygame():
    code = "import sys, tentable.speech; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
