//! `grundy serve [--port P] [--host H]`: the local web app (crate `grundy-web`).

use crate::CliError;

/// Arguments of `grundy serve`.
#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value = "8080", allow_negative_numbers = true)]
    port: String,
    /// The address to listen on. The default serves this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
}

/// Runs `grundy serve` until it is stopped.
pub fn run(args: Args) -> Result<(), CliError> {
    let port = grundy::parse_u64(&args.port, "--port").map_err(CliError::usage)?;
    let port = u16::try_from(port).map_err(|_| CliError::usage(format!("--port '{}' is past 65535", args.port)))?;
    let ip: std::net::IpAddr = args
        .host
        .parse()
        .map_err(|_| CliError::usage(format!("--host '{}' is not an IP address (e.g. 127.0.0.1)", args.host)))?;
    grundy_web::serve(std::net::SocketAddr::new(ip, port), |addr| {
        crate::emit(&format!("grundy serve: listening on http://{addr}/ (Ctrl-C stops)\n"));
    })
    .map_err(|e| CliError::usage(format!("cannot serve on {ip}:{port}: {e}")))
}
