//! `taflkit rules`: print the generated rules text, the same Markdown the
//! leaflet is set from.

use super::args::{RulesArgs, RulesFormatArg};
use super::build::{enable_options, lang_arg, load_theme, load_variant, theme_arg};
use crate::diagnostics::Diagnostic;
use crate::error::Failure;
use crate::kit::rules_text;
use crate::rules::Variant;
use crate::theme::Theme;

pub fn rules(a: &RulesArgs) -> Result<(), Failure> {
    let mut variant = load_variant(&a.variant)?;
    enable_options(&mut variant, &a.options)?;
    if a.format == RulesFormatArg::Otn {
        return rules_string(&a.variant, &variant);
    }
    let theme_id = theme_arg(a.theme.as_deref(), &variant);
    // A variant's preferred theme may not be built in yet; fall back quietly
    // only when the user did not ask for it.
    let theme = match load_theme(&theme_id) {
        Ok(t) => t,
        Err(e) if a.theme.is_some() => return Err(e),
        Err(_) => Theme::viking(),
    };
    let theme = theme.in_language(lang_arg(a.lang.as_deref())?)?;
    crate::out!("{}", rules_text::rules_markdown(&variant, &theme)?);
    Ok(())
}

/// `rules --format otn`: the OpenTafl rules string, with a warning for
/// each rule of the variant it cannot carry.
fn rules_string(arg: &str, variant: &Variant) -> Result<(), Failure> {
    let written = crate::rules::otn::rules::write(variant);
    let warnings: Vec<Diagnostic> = written
        .lost
        .iter()
        .map(|l| Diagnostic::warning(arg, format!("the OpenTafl rules string leaves out {l}")))
        .collect();
    super::report::warn_all(&warnings);
    crate::outln!("{}", written.text);
    Ok(())
}
