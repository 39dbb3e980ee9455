use std::process::ExitCode;

fn main() -> ExitCode {
    arbiter::cli::main()
}
