//! The tests of `src/cli/config.rs` that were its unit tests.

use taflkit::cli::args::PaperArg;
use taflkit::cli::config::*;
use taflkit::diagnostics::SourceFile;
use taflkit::words::Lang;

fn read(text: &str) -> Result<Config, String> {
    parse(SourceFile {
        label: "config.toml",
        text,
    })
    .map_err(|f| f.to_string())
}

#[test]
fn paper_in_any_case() {
    assert_eq!(
        read("paper = \"Letter\"\n").unwrap().paper,
        Some(PaperArg::Letter)
    );
    assert_eq!(read("# nothing set\n").unwrap().paper, None);
}

#[test]
fn lang_is_a_language_folder() {
    assert_eq!(read("lang = \"EN\"\n").unwrap().lang, Some(Lang::english()));
    let e = read("lang = \"klingon\"\n").unwrap_err();
    assert!(
        e.starts_with("config.toml:1:8: error: no language 'klingon'"),
        "{e}"
    );
}

#[test]
fn mistakes_are_located() {
    let e = read("\npaper = \"leter\"\n").unwrap_err();
    assert!(
        e.starts_with("config.toml:2:9: error: unknown paper \"leter\""),
        "{e}"
    );
    assert!(e.contains("did you mean \"letter\"?"), "{e}");
    let e = read("papr = \"a4\"\n").unwrap_err();
    assert!(
        e.starts_with("config.toml:1:1: error: unknown key 'papr'"),
        "{e}"
    );
    let e = read("paper = 4\n").unwrap_err();
    assert!(e.starts_with("config.toml:1:9: error:"), "{e}");
    let e = read("paper = \n").unwrap_err();
    assert!(e.starts_with("config.toml:1:"), "{e}");
}
