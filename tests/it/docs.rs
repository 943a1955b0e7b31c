//! The documentation is checked like code, so it cannot go stale. For
//! `README.md` and every `docs/**/*.md`:
//!
//! - every relative link and image leads to a file of the repository, and
//!   to a heading of it when the link names an anchor (GitHub's anchors);
//! - every repository path written as code (`src/kit/plan.rs`,
//!   `tests/rules/*.txt`) exists;
//! - every command line in a shell code block (```` ```sh ````) runs with
//!   the built `taflkit` on the `PATH`, each block in a fresh folder that
//!   holds `my-variant.toml` (a copy of York, for examples about a variant
//!   file of one's own), with `HOME` a fresh folder too. A line must exit 0,
//!   or N when its comment ends `(exit status N)`. Lines are run one by one
//!   in order, so a line may use what an earlier line of the same block
//!   wrote. `cargo run --release --` is run as `taflkit`; other `cargo`,
//!   `git`, `rustup` and `rustc` lines are not run;
//! - a shell block right after `<!-- not run: REASON -->` (a command that
//!   runs until stopped or waits for a person) is only parsed: each
//!   `taflkit` call in it is run with `--help` appended, which clap accepts
//!   only when every option and value before it is valid;
//! - every line starting `taflkit ` in any other code block (a synopsis
//!   such as `taflkit perft VARIANT --depth N`) names a real command and
//!   only options that command has.
//!
//! Every failure names the file and line.

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// Longest a documented example may take; far more than any of them needs,
/// so only a hang (or a far too slow example) trips it.
const EXAMPLE_TIMEOUT: Duration = Duration::from_secs(300);

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// One Markdown file: its path relative to the repository and its text.
struct Doc {
    path: PathBuf,
    text: String,
}

impl Doc {
    fn read(path: &Path) -> Doc {
        let text = std::fs::read_to_string(root().join(path))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        Doc {
            path: path.to_path_buf(),
            text,
        }
    }

    fn line_of(&self, offset: usize) -> usize {
        self.text[..offset].matches('\n').count() + 1
    }

    fn at(&self, line: usize) -> String {
        format!("{}:{line}", self.path.display())
    }
}

/// README.md and every Markdown file under docs/, in a fixed order.
fn docs() -> Vec<Doc> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        entries.sort();
        for name in entries {
            let p = dir.join(name);
            if root().join(&p).is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "md") {
                out.push(p);
            }
        }
    }
    let mut paths = vec![PathBuf::from("README.md")];
    walk(Path::new("docs"), &mut paths);
    paths.iter().map(|p| Doc::read(p)).collect()
}

/// A fenced code block: its language, the line of its first content line,
/// its text, and whether `<!-- not run: … -->` stands right before it.
struct Block {
    lang: String,
    first_line: usize,
    text: String,
    not_run: bool,
}

/// What the checks need from one Markdown file.
#[derive(Default)]
struct Parsed {
    /// (line, destination) of every link and image.
    links: Vec<(usize, String)>,
    /// (line, text) of every inline code span.
    code_spans: Vec<(usize, String)>,
    blocks: Vec<Block>,
    /// GitHub anchors of the headings.
    anchors: HashSet<String>,
}

fn parse(doc: &Doc) -> Parsed {
    let mut parsed = Parsed::default();
    let mut heading: Option<String> = None;
    let mut block: Option<Block> = None;
    let mut not_run = false;
    let mut slugs = Slugs::default();
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    for (event, range) in Parser::new_ext(&doc.text, options).into_offset_iter() {
        let line = doc.line_of(range.start);
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let (lang, first_line) = match kind {
                    CodeBlockKind::Fenced(info) => {
                        let lang = info.split_whitespace().next().unwrap_or("");
                        (lang.to_string(), line + 1)
                    }
                    CodeBlockKind::Indented => (String::new(), line),
                };
                block = Some(Block {
                    lang,
                    first_line,
                    text: String::new(),
                    not_run: std::mem::take(&mut not_run),
                });
            }
            Event::End(TagEnd::CodeBlock) => parsed.blocks.extend(block.take()),
            Event::Html(html) if html.trim_start().starts_with("<!-- not run") => not_run = true,
            Event::Start(Tag::HtmlBlock) => {}
            Event::Start(Tag::Heading { .. }) => {
                not_run = false;
                heading = Some(String::new());
            }
            Event::End(TagEnd::Heading(_)) => {
                parsed.anchors.insert(slugs.next(&heading.take().unwrap()));
            }
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                parsed.links.push((line, dest_url.to_string()));
            }
            Event::Start(_) => not_run = false,
            Event::Text(t) => {
                if let Some(b) = block.as_mut() {
                    b.text.push_str(&t);
                } else if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
                parsed.code_spans.push((line, t.to_string()));
            }
            _ => {}
        }
    }
    parsed
}

/// GitHub's heading anchors: lower case, letters, digits, `-` and `_`
/// kept, spaces made `-`, everything else dropped; a repeated anchor gets
/// `-1`, `-2`, ….
#[derive(Default)]
struct Slugs {
    seen: HashSet<String>,
}

impl Slugs {
    fn next(&mut self, heading: &str) -> String {
        let base: String = heading
            .trim()
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let mut slug = base.clone();
        let mut n = 0;
        while !self.seen.insert(slug.clone()) {
            n += 1;
            slug = format!("{base}-{n}");
        }
        slug
    }
}

/// Joins `rel` to `dir` without touching the file system, `..` included.
fn normalise(dir: &Path, rel: &str) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for c in dir.join(rel).components() {
        match c {
            Component::ParentDir => {
                if !out.pop() {
                    return None; // out of the repository
                }
            }
            Component::CurDir => {}
            Component::Normal(p) => out.push(p),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

/// Problems with the relative links of `doc`.
fn link_problems(doc: &Doc, parsed: &Parsed) -> Vec<String> {
    let mut problems = Vec::new();
    for (line, dest) in &parsed.links {
        if dest.contains("://") || dest.starts_with("mailto:") {
            continue;
        }
        let (file, anchor) = match dest.split_once('#') {
            Some((f, a)) => (f, Some(a)),
            None => (dest.as_str(), None),
        };
        let dir = doc.path.parent().unwrap_or(Path::new(""));
        let target = match file {
            "" => Some(doc.path.clone()),
            f => normalise(dir, f).filter(|t| root().join(t).exists()),
        };
        let Some(target) = target else {
            problems.push(format!(
                "{}: link to `{dest}`: no such file in the repository",
                doc.at(*line)
            ));
            continue;
        };
        let Some(anchor) = anchor else { continue };
        let anchors = if target == doc.path {
            parsed.anchors.clone()
        } else if target.extension().is_some_and(|e| e == "md") {
            parse(&Doc::read(&target)).anchors
        } else {
            HashSet::new()
        };
        if !anchors.contains(anchor) {
            problems.push(format!(
                "{}: link to `{dest}`: {} has no heading with the anchor #{anchor}",
                doc.at(*line),
                target.display()
            ));
        }
    }
    problems
}

/// The repository's top-level folders: a code span starting with one of
/// them (or with `shared/`, which is not in the repository) is a path.
fn top_folders() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root())
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "target" && n != ".git")
        .collect();
    names.push("shared".into());
    names
}

/// Problems with paths written as code in `doc`: each must exist (for a
/// pattern such as `tests/rules/*.txt`, the folder before the pattern).
fn path_problems(doc: &Doc, parsed: &Parsed, folders: &[String]) -> Vec<String> {
    let mut problems = Vec::new();
    for (line, span) in &parsed.code_spans {
        let span = span.trim();
        let is_path = !span.contains(char::is_whitespace)
            && folders.iter().any(|f| {
                span.strip_prefix(f.as_str())
                    .is_some_and(|r| r.starts_with('/'))
            });
        if !is_path {
            continue;
        }
        let fixed = match span.find(['*', '<', '{', '[']) {
            Some(i) => &span[..=span[..i].rfind('/').unwrap()],
            None => span,
        };
        if !root().join(fixed).exists() {
            problems.push(format!(
                "{}: `{span}` is not in the repository",
                doc.at(*line)
            ));
        }
    }
    problems
}

/// A command line of a shell block: its first line in the doc, the command
/// (continuation lines joined) and the exit status its comment expects.
struct Example {
    line: usize,
    command: String,
    status: i32,
}

fn is_shell(lang: &str) -> bool {
    matches!(lang, "sh" | "shell" | "bash" | "zsh")
}

/// Index of the `#` that starts a shell comment, outside quotes.
fn comment_start(line: &str) -> Option<usize> {
    let mut quote = None;
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '#') if prev.is_whitespace() => return Some(i),
            _ => {}
        }
        prev = c;
    }
    None
}

fn examples(block: &Block) -> Vec<Example> {
    let mut out = Vec::new();
    let mut pending: Option<Example> = None;
    for (i, raw) in block.text.lines().enumerate() {
        let line = block.first_line + i;
        let (text, joined) = match raw.trim_end().strip_suffix('\\') {
            Some(t) => (t, true),
            None => (raw.trim_end(), false),
        };
        let ex = pending.get_or_insert(Example {
            line,
            command: String::new(),
            status: 0,
        });
        ex.command.push_str(text);
        ex.command.push(' ');
        if joined {
            continue;
        }
        let mut ex = pending.take().unwrap();
        let command = ex.command.trim();
        let code = &command[..comment_start(command).unwrap_or(command.len())];
        if code.trim().is_empty() {
            continue;
        }
        if let Some(c) = comment_start(command) {
            let comment = command[c..].trim_end();
            if let Some(n) = comment
                .strip_suffix(')')
                .and_then(|c| c.rsplit_once("(exit status "))
                .and_then(|(_, n)| n.parse().ok())
            {
                ex.status = n;
            }
        }
        ex.command = match command.strip_prefix("cargo run --release -- ") {
            Some(rest) => format!("taflkit {rest}"),
            None => command.to_string(),
        };
        out.push(ex);
    }
    out
}

/// Whether an example line is one to run (not a build or fetch step).
fn runs(ex: &Example) -> bool {
    let first = ex.command.split_whitespace().next().unwrap_or("");
    !matches!(first, "cargo" | "git" | "rustup" | "rustc")
}

/// Shell words of `s` (quotes removed), up to the end of the first command.
fn words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for c in s.chars() {
        match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '|' | '>' | '<' | ';' | '&' | '#') => break,
            (None, c) if c.is_whitespace() => out.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word.take());
    out
}

/// The `taflkit` calls in a command line, as argument lists.
fn taflkit_calls(command: &str) -> Vec<Vec<String>> {
    let mut calls = Vec::new();
    let mut rest = command;
    while let Some(i) = rest.find("taflkit ") {
        let starts_word = i == 0
            || rest[..i].trim_end().ends_with(['|', ';', '&', '(', '`'])
            || rest[..i].trim().is_empty();
        if starts_word {
            let mut w = words(&rest[i..]);
            w.remove(0);
            calls.push(w);
        }
        rest = &rest[i + "taflkit ".len()..];
    }
    calls
}

/// Runs `cmd`, killing its process group after [`EXAMPLE_TIMEOUT`].
/// Returns the exit status (None when killed) and standard error.
fn run_with_timeout(mut cmd: Command, dir: &Path) -> (Option<i32>, String) {
    use std::os::unix::process::CommandExt;
    let err_path = dir.join(".stderr");
    let out_path = dir.join(".stdout");
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .process_group(0)
        .spawn()
        .expect("the shell starts");
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s.code();
        }
        if start.elapsed() > EXAMPLE_TIMEOUT {
            let _ = Command::new("kill")
                .args(["-KILL", &format!("-{}", child.id())])
                .status();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let err = std::fs::read_to_string(&err_path).unwrap_or_default();
    let _ = std::fs::remove_file(err_path);
    let _ = std::fs::remove_file(out_path);
    (status, err)
}

/// A fresh folder for one block, with the files examples may name.
fn example_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        root().join("variants/york.toml"),
        dir.path().join("my-variant.toml"),
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("home")).unwrap();
    dir
}

fn taflkit_bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_taflkit"))
}

/// Runs the examples of one shell block; returns its problems.
fn run_block(doc: &Doc, block: &Block) -> Vec<String> {
    let dir = example_folder();
    let home = dir.path().join("home");
    let bin_dir = taflkit_bin().parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut problems = Vec::new();
    for ex in examples(block).iter().filter(|e| runs(e)) {
        if block.not_run {
            for args in taflkit_calls(&ex.command) {
                let out = Command::new(taflkit_bin())
                    .args(&args)
                    .arg("--help")
                    .env("XDG_CACHE_HOME", crate::common::cache_home())
                    .current_dir(dir.path())
                    .env("HOME", &home)
                    .output()
                    .unwrap();
                if !out.status.success() {
                    problems.push(format!(
                        "{}: `taflkit {}` is not accepted (checked with --help, the block is marked not run):\n{}",
                        doc.at(ex.line),
                        args.join(" "),
                        String::from_utf8_lossy(&out.stderr).trim_end()
                    ));
                }
            }
            continue;
        }
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(&ex.command)
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("HOME", &home)
            .env("XDG_CONFIG_HOME", home.join(".config"))
            .env("XDG_CACHE_HOME", crate::common::cache_home())
            .env("NO_COLOR", "1")
            .env_remove("TAFLKIT_PAPER");
        let (status, stderr) = run_with_timeout(cmd, dir.path());
        if status != Some(ex.status) {
            let got = match status {
                Some(s) => format!("exited {s}"),
                None => format!("did not finish in {} s", EXAMPLE_TIMEOUT.as_secs()),
            };
            let tail: Vec<&str> = stderr.lines().rev().take(8).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            problems.push(format!(
                "{}: example `{}` {got}, the doc expects {} (mark it `(exit status N)` or put it after `<!-- not run: why -->`):\n{}",
                doc.at(ex.line),
                ex.command,
                ex.status,
                tail.join("\n")
            ));
        }
    }
    problems
}

/// Whether `help` lists the long option `opt` (`--paper`).
fn has_option(help: &str, opt: &str) -> bool {
    help.match_indices(opt).any(|(i, _)| {
        let before = help[..i].chars().next_back();
        let after = help[i + opt.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '-')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '-')
    })
}

/// Problems with synopsis lines (`taflkit COMMAND ...` outside shell blocks).
fn synopsis_problems(doc: &Doc, block: &Block) -> Vec<String> {
    let mut problems = Vec::new();
    for (i, line) in block.text.lines().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix("taflkit ") else {
            continue;
        };
        let at = doc.at(block.first_line + i);
        let code = &rest[..comment_start(rest).unwrap_or(rest.len())];
        let command = code.split_whitespace().next().unwrap_or("");
        let mut help_args = vec!["--help"];
        if !command.starts_with('-') && !command.is_empty() {
            help_args.insert(0, command);
        }
        let out = Command::new(taflkit_bin())
            .args(&help_args)
            .output()
            .unwrap();
        if !out.status.success() {
            problems.push(format!("{at}: `taflkit {command}` is not a command"));
            continue;
        }
        let help = String::from_utf8_lossy(&out.stdout);
        for opt in code
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|w| w.starts_with("--") && w.len() > 2)
        {
            if !has_option(&help, opt) {
                problems.push(format!("{at}: `taflkit {command}` has no option {opt}"));
            }
        }
    }
    problems
}

fn fail_on(problems: Vec<String>) {
    assert!(
        problems.is_empty(),
        "{} problem(s) in the documentation:\n\n{}\n",
        problems.len(),
        problems.join("\n\n")
    );
}

#[test]
fn links_lead_to_files_and_headings() {
    let problems = docs()
        .iter()
        .flat_map(|d| link_problems(d, &parse(d)))
        .collect();
    fail_on(problems);
}

#[test]
fn paths_written_as_code_exist() {
    let folders = top_folders();
    let problems = docs()
        .iter()
        .flat_map(|d| path_problems(d, &parse(d), &folders))
        .collect();
    fail_on(problems);
}

#[test]
fn synopses_name_real_commands_and_options() {
    let mut problems = Vec::new();
    for doc in docs() {
        for block in parse(&doc).blocks.iter().filter(|b| !is_shell(&b.lang)) {
            problems.extend(synopsis_problems(&doc, block));
        }
    }
    fail_on(problems);
}

#[test]
fn shell_examples_run() {
    let docs = docs();
    // One thread per file: most examples wait on a build, not on each other.
    let problems: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = docs
            .iter()
            .map(|doc| {
                s.spawn(move || {
                    parse(doc)
                        .blocks
                        .iter()
                        .filter(|b| is_shell(&b.lang))
                        .flat_map(|b| run_block(doc, b))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    fail_on(problems);
}

/// The checks themselves, on a made-up page: each kind of mistake is
/// caught and named with its line.
#[test]
fn the_checks_catch_mistakes() {
    let text = "\
# A page

## Second heading

[fine](../README.md), [fine too](#second-heading), [gone](missing.md),
[bad anchor](../README.md#no-such-heading), `src/no_such_module.rs`,
`shared/spec/kit.md`, `tests/rules/*.txt`.

```sh
taflkit list
taflkit play york e1-e3 k5-i5     # k5 is not the defenders' (exit status 1)
taflkit play york e1-e3 k5-i5
```

<!-- not run: waits -->
```sh
taflkit watch york --colour-scheme dark
```

```text
taflkit perft VARIANT --depth N --fast
```
";
    let doc = Doc {
        path: PathBuf::from("docs/made-up.md"),
        text: text.to_string(),
    };
    let parsed = parse(&doc);
    let links = link_problems(&doc, &parsed);
    assert_eq!(links.len(), 2, "{links:#?}");
    assert!(links[0].starts_with("docs/made-up.md:5: link to `missing.md`"));
    assert!(links[1].starts_with("docs/made-up.md:6: link to `../README.md#no-such-heading`"));

    let paths = path_problems(&doc, &parsed, &top_folders());
    assert_eq!(paths.len(), 2, "{paths:#?}");
    assert!(paths[0].starts_with("docs/made-up.md:6: `src/no_such_module.rs`"));
    assert!(paths[1].starts_with("docs/made-up.md:7: `shared/spec/kit.md`"));

    let shell: Vec<&Block> = parsed.blocks.iter().filter(|b| is_shell(&b.lang)).collect();
    let ran = run_block(&doc, shell[0]);
    assert_eq!(ran.len(), 1, "{ran:#?}");
    assert!(
        ran[0].starts_with("docs/made-up.md:12: example `taflkit play york e1-e3 k5-i5` exited 1")
    );
    let parsed_only = run_block(&doc, shell[1]);
    assert_eq!(parsed_only.len(), 1, "{parsed_only:#?}");
    assert!(
        parsed_only[0].starts_with("docs/made-up.md:17: `taflkit watch york --colour-scheme dark`")
    );

    let synopsis = synopsis_problems(&doc, &parsed.blocks[2]);
    assert_eq!(
        synopsis,
        ["docs/made-up.md:21: `taflkit perft` has no option --fast"]
    );
}

/// Anchors as GitHub makes them (examples from its own rendering).
#[test]
fn anchors_follow_github() {
    let mut s = Slugs::default();
    assert_eq!(
        s.next("`[names]`: what things are called"),
        "names-what-things-are-called"
    );
    assert_eq!(
        s.next("Engine commands: list, validate, play, perft"),
        "engine-commands-list-validate-play-perft"
    );
    assert_eq!(s.next("Tests"), "tests");
    assert_eq!(s.next("Tests"), "tests-1");
    assert_eq!(
        s.next("Black and white (`--mono`)"),
        "black-and-white---mono"
    );
}
