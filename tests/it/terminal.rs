//! The terminal as people expect it: shell completions offer the built-in
//! variant and theme ids (bash asked as it asks when Tab is pressed).

use std::process::Command;

/// What bash's completion offers for `words`, the last one being
/// completed, with taflkit's script loaded.
fn bash_offers(words: &[&str]) -> Vec<String> {
    let bin = env!("CARGO_BIN_EXE_taflkit");
    let list = words
        .iter()
        .map(|w| format!("'{w}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let script = format!(
        "source <('{bin}' completions bash) && COMP_WORDS=({list}) && COMP_CWORD={} && \
         _taflkit taflkit '{}' '{}' && printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        words.len() - 1,
        words[words.len() - 1],
        words[words.len() - 2],
    );
    let o = Command::new("bash")
        .arg("-c")
        .arg(script)
        .output()
        .expect("bash runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completes_variant_and_theme_ids() {
    assert_eq!(bash_offers(&["taflkit", "build", "bra"]), ["brandubh"]);
    let play = bash_offers(&["taflkit", "play", ""]);
    for id in taflkit::rules::builtin_ids() {
        assert!(play.iter().any(|w| w == id), "{id} not offered: {play:?}");
    }
    let themes = bash_offers(&["taflkit", "build", "--theme", ""]);
    for id in taflkit::theme::Theme::builtin_ids() {
        assert!(
            themes.iter().any(|w| w == id),
            "{id} not offered: {themes:?}"
        );
    }
}

#[test]
fn a_path_is_still_a_variant_after_completion_lists_ids() {
    let o = crate::common::taflkit(&["perft", "variants/brandubh.toml", "--depth", "1"]);
    assert!(o.status.success(), "{}", crate::common::stderr(&o));
}
