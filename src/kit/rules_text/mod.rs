//! The rule sentences: one source for the leaflet, the reminder cards and
//! `taflkit rules`. Rust decides which rules apply (see [`applicable`]) and
//! hands the templates in `templates/` plain facts about the variant and the
//! theme's names; the templates say them.

pub mod grammar;

use std::collections::BTreeMap;

use minijinja::value::Value;
use minijinja::{Environment, UndefinedBehavior};

use crate::error::{Diagnostic, Failure};
use crate::rules::{
    Access, KingCapture, OptionalRule, Piece, Repetition, Side, SpecialSquare, Variant,
};
use crate::theme::{Noun, Theme};

const RULES_TEMPLATE: &str = include_str!("../../../templates/rules.j2");
const LEAFLET_TEMPLATE: &str = include_str!("../../../templates/leaflet.md.j2");
const ABOUT_TEMPLATE: &str = include_str!("../../../templates/about.md.j2");
const FIGURES_TEMPLATE: &str = include_str!("../../../templates/figures.j2");
/// The project's own short history of tafl, used when a theme has no
/// introduction of its own.
pub const GENERAL_HISTORY: &str = include_str!("../../../templates/history.md");

/// A titled run of Markdown (a rule, a card section).
#[derive(Clone, Debug, PartialEq)]
pub struct RuleSection {
    /// The rule's id (see [`applicable`]), or the card section's.
    pub id: String,
    pub title: String,
    pub markdown: String,
}

/// The numbered rules that apply to `variant`, in leaflet order, by the
/// name of their macro in `templates/rules.j2` (without `rule_`).
pub fn applicable(variant: &Variant) -> Vec<&'static str> {
    let mut ids = vec![
        "setup",
        "first",
        "movement",
        "capture",
        "king_capture",
        "winning",
        "special",
    ];
    if variant.edge_shield_wall {
        ids.push("edge_shield_wall");
    }
    if variant.edge_fort {
        ids.push("edge_fort");
    }
    if variant.repetition != Repetition::None {
        ids.push("repetition");
    }
    if variant.draw_fort.is_some() {
        ids.push("draw_fort");
    }
    ids.push("no_move");
    for option in variant.options.iter().filter(|o| o.enabled) {
        ids.push(match option.rule {
            OptionalRule::Berserker => "berserker",
            OptionalRule::ShieldWall => "shield_wall",
            OptionalRule::SkilledPlay { .. } => "skilled_play",
        });
    }
    ids
}

/// The figures a text may cite: figure id (the macro names in
/// `templates/figures.j2`) to its number. Empty for text printed without
/// figures (`taflkit rules`), which then cites none.
pub type Citations = BTreeMap<String, usize>;

/// The numbered rules of "How to play", in leaflet order, citing no
/// figures.
pub fn rules_sections(variant: &Variant, theme: &Theme) -> Result<Vec<RuleSection>, Failure> {
    rules_sections_citing(variant, theme, &Citations::new())
}

/// The numbered rules of "How to play", each citing the figures in
/// `figures` that illustrate it ("Figure 3 shows …").
pub fn rules_sections_citing(
    variant: &Variant,
    theme: &Theme,
    figures: &Citations,
) -> Result<Vec<RuleSection>, Failure> {
    let ids: Vec<String> = applicable(variant)
        .into_iter()
        .map(str::to_string)
        .collect();
    render_sections(variant, theme, None, figures, &ids, "rule_")
}

/// The short reminder for one player's card, from the same templates.
pub fn card_sections(
    variant: &Variant,
    theme: &Theme,
    side: Side,
) -> Result<Vec<RuleSection>, Failure> {
    let mut ids = vec!["card_side", "card_movement", "card_capture", "card_king"];
    if variant.centre.is_some() || variant.corners.is_some() {
        ids.push("card_special");
    }
    let ids: Vec<String> = ids.into_iter().map(str::to_string).collect();
    render_sections(variant, theme, Some(side), &Citations::new(), &ids, "")
}

/// The leaflet's introduction: the theme's own, or the project's history.
pub fn intro_markdown(theme: &Theme) -> &str {
    if theme.intro.trim().is_empty() {
        GENERAL_HISTORY
    } else {
        &theme.intro
    }
}

/// The whole rules text as Markdown, as `taflkit rules` prints it: no
/// figures, so it cites none.
pub fn rules_markdown(variant: &Variant, theme: &Theme) -> Result<String, Failure> {
    rules_markdown_citing(variant, theme, &Citations::new())
}

/// The whole rules text as Markdown, citing `figures` where each rule is
/// explained (the leaflet's text).
pub fn rules_markdown_citing(
    variant: &Variant,
    theme: &Theme,
    figures: &Citations,
) -> Result<String, Failure> {
    let sections = rules_sections_citing(variant, theme, figures)?;
    let env = environment()?;
    let about = env
        .get_template("about.md.j2")
        .and_then(|t| t.render(facts(variant, theme, None, figures)))
        .map_err(template_failure)?;
    let section_values: Vec<Value> = sections
        .iter()
        .map(|s| {
            let mut m = BTreeMap::new();
            m.insert("title", Value::from(s.title.as_str()));
            m.insert("markdown", Value::from(s.markdown.as_str()));
            Value::from(m)
        })
        .collect();
    let ctx = minijinja::context! {
        variant_name => variant.name.as_str(),
        intro => intro_markdown(theme).trim(),
        sections => section_values,
        about => normalise(&about),
        credits => theme.credits.as_deref().map(str::trim),
        web => theme.web.as_deref().map(str::trim),
    };
    let mut text = env
        .get_template("leaflet.md.j2")
        .and_then(|t| t.render(ctx))
        .map_err(template_failure)?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}

fn environment() -> Result<Environment<'static>, Failure> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    grammar::register(&mut env);
    for (name, source) in [
        ("rules.j2", RULES_TEMPLATE),
        ("leaflet.md.j2", LEAFLET_TEMPLATE),
        ("about.md.j2", ABOUT_TEMPLATE),
        ("figures.j2", FIGURES_TEMPLATE),
    ] {
        env.add_template(name, source).map_err(template_failure)?;
    }
    Ok(env)
}

/// A template error is a bug in taflkit, not in the user's input, but it is
/// still reported, never a panic.
fn template_failure(e: minijinja::Error) -> Failure {
    let source = e
        .name()
        .map(|n| format!("templates/{n}"))
        .unwrap_or_else(|| "templates".into());
    let mut d = Diagnostic::error(source, format!("rules text template: {e:#}"));
    if let Some(line) = e.line() {
        d = d.at(line, 1);
    }
    Failure::new(d)
}

/// Captions of the leaflet's figures, by figure id (the macro names in
/// `templates/figures.j2`), in the theme's words.
pub fn figure_captions(
    variant: &Variant,
    theme: &Theme,
    ids: &[&str],
) -> Result<Vec<String>, Failure> {
    let env = environment()?;
    let template = env.get_template("figures.j2").map_err(template_failure)?;
    let mut captured = template
        .render_captured(facts(variant, theme, None, &Citations::new()))
        .map_err(template_failure)?;
    captured.with_state_mut(|state| {
        ids.iter()
            .map(|id| {
                state
                    .call_macro(id, &[])
                    .map(|s| normalise(&s))
                    .map_err(template_failure)
            })
            .collect()
    })
}

fn render_sections(
    variant: &Variant,
    theme: &Theme,
    side: Option<Side>,
    figures: &Citations,
    ids: &[String],
    prefix: &str,
) -> Result<Vec<RuleSection>, Failure> {
    let env = environment()?;
    let template = env.get_template("rules.j2").map_err(template_failure)?;
    let mut captured = template
        .render_captured(facts(variant, theme, side, figures))
        .map_err(template_failure)?;
    captured.with_state_mut(|state| {
        let titles = state.lookup("titles").ok_or_else(|| {
            Failure::new(Diagnostic::error("templates/rules.j2", "no `titles` map"))
        })?;
        let mut out = Vec::new();
        for id in ids {
            let body = state
                .call_macro(&format!("{prefix}{id}"), &[])
                .map_err(template_failure)?;
            let title = titles
                .get_attr(id)
                .map_err(template_failure)?
                .as_str()
                .map(str::to_string)
                .ok_or_else(|| {
                    Failure::new(Diagnostic::error(
                        "templates/rules.j2",
                        format!("no title for rule `{id}`"),
                    ))
                })?;
            let markdown = normalise(&body);
            if !markdown.is_empty() {
                out.push(RuleSection {
                    id: id.clone(),
                    title,
                    markdown,
                });
            }
        }
        Ok(out)
    })
}

/// Joins each paragraph onto one line and squeezes runs of spaces, so the
/// templates can be written readably across lines.
pub fn normalise(text: &str) -> String {
    text.split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n")
}

fn noun(n: &Noun) -> Value {
    let mut m = BTreeMap::new();
    m.insert("one", Value::from(n.one.as_str()));
    m.insert("many", Value::from(n.many.as_str()));
    m.insert("proper", Value::from(n.proper));
    Value::from(m)
}

fn access(a: Access) -> &'static str {
    match a {
        Access::Everyone => "everyone",
        Access::KingOnly => "king",
        Access::Nobody => "nobody",
    }
}

fn square(sq: &Option<SpecialSquare>) -> Value {
    match sq {
        None => Value::from(()),
        Some(sq) => {
            let mut m = BTreeMap::new();
            m.insert("pass", Value::from(access(sq.pass)));
            m.insert("stop", Value::from(access(sq.stop)));
            m.insert("hostile_attackers", Value::from(sq.hostile_to_attackers));
            m.insert("hostile_defenders", Value::from(sq.hostile_to_defenders));
            m.insert("hostile_king", Value::from(sq.hostile_to_king));
            Value::from(m)
        }
    }
}

fn option_on(variant: &Variant, rule: OptionalRule) -> bool {
    variant.options.iter().any(|o| o.enabled && o.rule == rule)
}

/// Everything the templates may say, as plain facts, and the figures
/// they may cite (`figs`, id to number).
fn facts(variant: &Variant, theme: &Theme, side: Option<Side>, figures: &Citations) -> Value {
    let names = &theme.names;
    let (n_attackers, n_defenders, _) = variant.piece_counts();
    let mid = variant.size / 2;
    let king_on_centre = variant.size % 2 == 1
        && variant
            .setup
            .get(mid)
            .and_then(|row| row.get(mid))
            .copied()
            .flatten()
            == Some(Piece::King);
    let side_name = |s: Side| match s {
        Side::Attackers => names.attackers.as_str(),
        Side::Defenders => names.defenders.as_str(),
    };
    let first = variant.first_to_move();
    minijinja::context! {
        variant_name => variant.name.as_str(),
        size => variant.size,
        n_attackers => n_attackers,
        n_defenders => n_defenders,
        king => noun(&names.king),
        defender => noun(&names.defender),
        attacker => noun(&names.attacker),
        centre => noun(&names.centre),
        corner => noun(&names.corner),
        attackers => names.attackers.as_str(),
        defenders => names.defenders.as_str(),
        first => first.id(),
        first_side => side_name(first),
        side => side.map(Side::id),
        escape => match variant.escape {
            crate::rules::Escape::Edge => "edge",
            crate::rules::Escape::Corner => "corner",
        },
        centre_sq => square(&variant.centre),
        corner_sq => square(&variant.corners),
        king_on_centre => king_on_centre,
        king_armed => variant.king.armed,
        king_anvil => variant.king.anvil,
        king_capture => match variant.king.capture {
            KingCapture::FourSides => "four",
            KingCapture::FourOrThreeBesideCentre => "three_beside_centre",
        },
        betrays => variant.king.besieged_king_betrays_defender && variant.centre.is_some(),
        king_strength => variant.king.strength.id().replace('-', "_"),
        king_speed => variant.king.speed,
        no_move => match variant.no_move {
            crate::rules::NoMove::Loses => "loses",
            crate::rules::NoMove::Draws => "draw",
        },
        encirclement => variant.encirclement,
        repetition => variant.repetition.id().replace('-', "_"),
        draw_fort_min => variant.draw_fort.map(|d| d.min_men),
        berserker => option_on(variant, OptionalRule::Berserker),
        shield_wall => option_on(variant, OptionalRule::ShieldWall),
        skilled_play => variant.turn_limit(),
        figs => Value::from(figures.clone()),
    }
}
