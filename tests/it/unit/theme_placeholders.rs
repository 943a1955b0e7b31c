//! The tests of `src/theme/placeholders.rs` that were its unit tests.

use taflkit::theme::placeholders::*;

#[test]
fn only_single_words_are_placeholders() {
    let found = scan("a {{ king }} b {{ 7 * 7 }} c {{Foo_bar}} {% x %} {{ 9a }}");
    let names: Vec<&str> = found.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["king", "Foo_bar"]);
}

#[test]
fn unknown_and_non_word_markup_stays_text() {
    let text = "{{ 7 * 7 }} and {{ nope }} and {% raw %}";
    assert_eq!(fill(text, |_| "X".into()), text);
}

#[test]
fn a_capital_name_gives_a_capital_phrase() {
    let out = fill("{{ King }} runs; {{ king }} hides.", |n| {
        assert_eq!(n, "king");
        "the king".into()
    });
    assert_eq!(out, "The king runs; the king hides.");
}

#[test]
fn an_unclosed_brace_is_text() {
    assert_eq!(fill("{{ king", |_| "X".into()), "{{ king");
}
