//! The command-line contract (`kit.md`, "Command line"): argument parsing
//! and one function per subcommand. Each subcommand lives in its own file
//! and returns a [`Failure`] for bad input; `main` turns that into a
//! message on standard error and exit status 1.

pub mod args;
pub mod build;
pub mod computer;
pub mod engine;
pub mod matches;
pub mod puzzles;
pub mod rules_text;
pub mod theme;

use crate::error::Failure;

/// Runs a parsed command line.
pub fn run(cli: args::Cli) -> Result<(), Failure> {
    use args::Command;
    match cli
        .command
        .unwrap_or(Command::Build(args::BuildArgs::default()))
    {
        Command::Build(a) => build::build(&a),
        Command::Preview(a) => build::preview(&a),
        Command::List => engine::list(),
        Command::Validate(a) => engine::validate(&a),
        Command::Play(a) => engine::play(&a),
        Command::Perft(a) => engine::perft(&a),
        Command::Puzzles(a) => puzzles::puzzles(&a),
        Command::Match(a) => matches::run(&a),
        Command::Rules(a) => rules_text::rules(&a),
        Command::NewTheme(a) => theme::new_theme(&a),
    }
}
