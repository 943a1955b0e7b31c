//! `taflkit rules`: print the generated rules text, the same Markdown the
//! leaflet is set from.

use super::args::RulesArgs;
use crate::error::Failure;
use crate::kit::rules_text;
use crate::rules;
use crate::theme::Theme;

pub fn rules(a: &RulesArgs) -> Result<(), Failure> {
    let (mut variant, warnings) = rules::load(&a.variant)?;
    for w in &warnings {
        eprintln!("{w}");
    }
    for name in &a.options {
        match variant.options.iter_mut().find(|o| &o.id == name) {
            Some(o) => o.enabled = true,
            None => {
                let known: Vec<&str> = variant.options.iter().map(|o| o.id.as_str()).collect();
                let list = if known.is_empty() {
                    "it has none".to_string()
                } else {
                    format!("it has {}", known.join(", "))
                };
                return Err(Failure::option(
                    "--option",
                    format!("{} has no optional rule '{name}' ({list})", variant.name),
                ));
            }
        }
    }
    let theme_id = a
        .theme
        .clone()
        .or_else(|| variant.default_theme.clone())
        .unwrap_or_else(|| "viking".into());
    // A variant's preferred theme may not be built in yet; fall back quietly
    // only when the user did not ask for it.
    let theme = match Theme::load(&theme_id) {
        Ok(t) => t,
        Err(e) if a.theme.is_some() => return Err(e),
        Err(_) => Theme::viking(),
    };
    print!("{}", rules_text::rules_markdown(&variant, &theme)?);
    Ok(())
}
