//! The default paper from the settings file (issue 15): `--paper` beats
//! `TAFLKIT_PAPER`, which beats `paper` in
//! `$XDG_CONFIG_HOME/taflkit/config.toml` (or `~/.config/taflkit/config.toml`),
//! which beats A4; a broken file is reported as file:line:column with exit
//! status 1 and nothing written.

use std::path::{Path, PathBuf};
use std::process::Output;

/// A folder to work in, with a home folder and a settings folder inside.
struct Place {
    dir: tempfile::TempDir,
}

impl Place {
    fn new() -> Place {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("home/.config/taflkit")).unwrap();
        std::fs::create_dir(dir.path().join("work")).unwrap();
        Place { dir }
    }
    fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }
    fn work(&self) -> PathBuf {
        self.dir.path().join("work")
    }
    /// Writes `~/.config/taflkit/config.toml` and returns its path.
    fn config(&self, text: &str) -> PathBuf {
        let p = self.home().join(".config/taflkit/config.toml");
        std::fs::write(&p, text).unwrap();
        p
    }
    /// Runs taflkit in the work folder with HOME set and no
    /// `XDG_CONFIG_HOME` unless `env` gives one.
    fn run(&self, args: &[&str], env: &[(&str, &str)]) -> Output {
        let mut cmd = crate::common::bin();
        cmd.args(args)
            .current_dir(self.work())
            .env("HOME", self.home())
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("TAFLKIT_PAPER");
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.output().unwrap()
    }
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).trim().to_string()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn files_in(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn command_line_beats_environment_beats_file_beats_a4() {
    let p = Place::new();
    let build = ["build", "sea-battle-9"];
    let o = p.run(&build, &[]);
    assert_eq!(out(&o), "sea-battle-9-sea-a4.pdf", "{}", err(&o));

    p.config("# my printer\npaper = \"Letter\"\n");
    let o = p.run(&build, &[]);
    assert_eq!(out(&o), "sea-battle-9-sea-letter.pdf", "{}", err(&o));

    let o = p.run(&build, &[("TAFLKIT_PAPER", "a3")]);
    assert_eq!(out(&o), "sea-battle-9-sea-a3.pdf", "{}", err(&o));

    let with_option = ["build", "sea-battle-9", "--paper", "tabloid"];
    let o = p.run(&with_option, &[("TAFLKIT_PAPER", "a3")]);
    assert_eq!(out(&o), "sea-battle-9-sea-tabloid.pdf", "{}", err(&o));
}

#[test]
fn xdg_config_home_is_where_the_file_is_looked_for() {
    let p = Place::new();
    p.config("paper = \"letter\"\n");
    let xdg = p.dir.path().join("xdg");
    std::fs::create_dir_all(xdg.join("taflkit")).unwrap();
    std::fs::write(xdg.join("taflkit/config.toml"), "paper = \"a3\"\n").unwrap();
    let xdg = xdg.to_string_lossy().into_owned();
    let o = p.run(&["build", "sea-battle-9"], &[("XDG_CONFIG_HOME", &xdg)]);
    assert_eq!(out(&o), "sea-battle-9-sea-a3.pdf", "{}", err(&o));
    // A relative XDG_CONFIG_HOME is ignored (the XDG rules): the home one counts.
    let o = p.run(&["build", "sea-battle-9"], &[("XDG_CONFIG_HOME", "xdg")]);
    assert_eq!(out(&o), "sea-battle-9-sea-letter.pdf", "{}", err(&o));
}

#[test]
fn preview_follows_the_file_and_verbose_says_where_the_paper_came_from() {
    let p = Place::new();
    let file = p.config("paper = \"letter\"\n");
    let o = p.run(
        &[
            "-v",
            "preview",
            "brandubh",
            "--out-dir",
            "pages",
            "--dpi",
            "10",
        ],
        &[],
    );
    assert!(o.status.success(), "{}", err(&o));
    let page = image_size(&p.work().join("pages/page-01.png"));
    // US Letter is 8.5 × 11 in: at 10 dpi, 85 × 110 pixels (A4 would be 83 × 117).
    assert_eq!(page, (85, 110));
    assert!(
        err(&o).contains(&format!("paper letter (from {})", file.display())),
        "{}",
        err(&o)
    );
}

/// Width and height of a PNG, from its header.
fn image_size(path: &Path) -> (u32, u32) {
    let b = std::fs::read(path).unwrap();
    let be = |i: usize| u32::from_be_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    (be(16), be(20))
}

#[test]
fn a_broken_file_is_located_and_stops_the_command() {
    let cases = [
        (
            "paper = \"leter\"\n",
            "1:9",
            "unknown paper \"leter\"; did you mean \"letter\"?",
        ),
        (
            "\n\npapr = \"a4\"\n",
            "3:1",
            "unknown key 'papr'; did you mean 'paper'?",
        ),
        ("paper = 4\n", "1:9", ""),
        ("paper = \"a4\n", "1:", "not valid TOML"),
    ];
    for (text, at, words) in cases {
        let p = Place::new();
        let file = p.config(text);
        let o = p.run(&["build", "york"], &[]);
        assert_eq!(o.status.code(), Some(1), "{text:?}: {}", err(&o));
        let first = err(&o).lines().next().unwrap_or("").to_string();
        let start = format!("{}:{at}", file.display());
        assert!(first.starts_with(&start), "{text:?}: {first}");
        assert!(first.contains(": error: "), "{text:?}: {first}");
        assert!(first.contains(words), "{text:?}: {first}");
        assert!(files_in(&p.work()).is_empty(), "nothing is written");
        // The file is read only when consulted: a paper and a language
        // given (its two keys) are enough.
        let o = p.run(&["build", "york", "--paper", "a4", "--lang", "en"], &[]);
        assert!(o.status.success(), "{text:?}: {}", err(&o));
    }
}

#[test]
fn a_missing_file_or_home_is_no_settings() {
    let p = Place::new();
    let o = p.run(&["build", "sea-battle-9"], &[("HOME", "/nonexistent-home")]);
    assert_eq!(out(&o), "sea-battle-9-sea-a4.pdf", "{}", err(&o));
}
