//! The command line (`kit.md`, "Command line"): argument parsing and one
//! function per subcommand. Each subcommand lives in its own file and
//! returns a [`Failure`] for bad input; `main` turns that into a message on
//! standard error and exit status 1. Results go to standard output through
//! [`outln!`](crate::outln) (quiet on a closed pipe), everything else
//! through [`report`].

pub mod args;
pub mod batch;
pub mod build;
pub mod computer;
pub mod config;
pub mod engine;
pub mod lines;
pub mod matches;
pub mod otep;
pub mod progress;
pub mod puzzles;
pub mod report;
pub mod rules_text;
pub mod solve;
pub mod target;
pub mod theme;
pub mod watch;

use clap::CommandFactory;

use crate::error::Failure;

/// Runs a parsed command line. With no command it prints the short help.
pub fn run(cli: args::Cli) -> Result<(), Failure> {
    use args::Command;
    report::configure(&cli.global);
    // Kits made from the command line keep their puzzles between runs.
    if let Some(folder) = crate::kit::puzzle_cache::user_folder() {
        crate::kit::puzzle_cache::enable(folder);
    }
    let Some(command) = cli.command else {
        let mut help = args::Cli::command().render_help().to_string();
        help.push('\n');
        crate::out!("{help}");
        return Ok(());
    };
    match command {
        Command::Build(a) => build::build(&a),
        Command::Preview(a) => build::preview(&a),
        Command::Watch(a) => watch::watch(&a),
        Command::List => engine::list(),
        Command::Validate(a) => engine::validate(&a),
        Command::Play(a) => engine::play(&a),
        Command::Perft(a) => engine::perft(&a),
        Command::Puzzles(a) => puzzles::puzzles(&a),
        Command::Solve(a) => solve::solve(&a),
        Command::Match(a) => matches::run(&a),
        Command::Engine(a) => otep::engine(&a),
        Command::Rules(a) => rules_text::rules(&a),
        Command::NewTheme(a) => theme::new_theme(&a),
        Command::Completions(a) => {
            let mut out = Vec::new();
            clap_complete::generate(a.shell, &mut completion_command(), "taflkit", &mut out);
            report::out(&out);
            Ok(())
        }
        Command::Man => {
            let mut out = Vec::new();
            man_page(&mut out).map_err(|e| {
                Failure::option("man", format!("cannot write the manual page: {e}"))
            })?;
            report::out(&out);
            Ok(())
        }
    }
}

/// The manual page: the command's own page, then one section per
/// subcommand with its options, so `man taflkit` holds everything `--help`
/// says.
fn man_page(out: &mut Vec<u8>) -> std::io::Result<()> {
    let cmd = args::Cli::command();
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    man.render_subcommands_section(out)?;
    for sub in cmd.get_subcommands() {
        let name = sub.get_name().to_string();
        let sub = sub.clone().bin_name(format!("taflkit {name}"));
        let page = clap_mangen::Man::new(sub);
        let mut section = Vec::new();
        page.render_synopsis_section(&mut section)?;
        page.render_options_section(&mut section)?;
        page.render_extra_section(&mut section)?;
        let text = String::from_utf8_lossy(&section)
            .replace(
                ".SH SYNOPSIS",
                &format!(".SH \"TAFLKIT {}\"", name.to_uppercase()),
            )
            .replace(".SH OPTIONS", ".SS Options");
        out.extend_from_slice(text.as_bytes());
    }
    man.render_extra_section(out)?;
    man.render_version_section(out)?;
    Ok(())
}

/// The command as completion scripts see it: every variant and theme
/// argument offers the built-in ids. Only the scripts see these lists;
/// parsing still takes a path as well as an id.
pub fn completion_command() -> clap::Command {
    use clap::builder::PossibleValuesParser;
    let offer = |c: clap::Command| {
        let args: Vec<(String, Option<usize>)> = c
            .get_arguments()
            .map(|a| (a.get_id().to_string(), a.get_index()))
            .collect();
        args.iter().fold(c, |c, (id, index)| {
            let ids = match id.as_str() {
                "variant" => crate::rules::builtin_ids(),
                "theme" => crate::theme::Theme::builtin_ids(),
                _ => return c,
            };
            c.mut_arg(id, |a| {
                let a = a.value_parser(PossibleValuesParser::new(ids));
                // A positional argument keeps its place.
                match index {
                    Some(i) => a.index(*i),
                    None => a,
                }
            })
        })
    };
    // Built first, so that positional arguments have their indices.
    let mut cmd = args::Cli::command();
    cmd.build();
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    names
        .iter()
        .fold(cmd, |cmd, name| cmd.mut_subcommand(name, offer))
}
