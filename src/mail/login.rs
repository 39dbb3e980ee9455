//! How the referee logs in to its mail servers: a user name and either a
//! password from the environment or OAuth 2.0 access tokens printed by the
//! host's own command (`token_command`, the convention of mbsync's
//! `PassCmd` and msmtp's `passwordeval`, so the helper scripts hosts
//! already use for Microsoft's and Google's mail work unchanged).
//!
//! A token is kept for at most [`TOKEN_REUSE`] and fetched again at once
//! when a server refuses it: access tokens live about an hour, and the
//! helpers (oama, pizauth, mutt_oauth2.py, ...) hand out a cached token
//! until it is nearly expired, so asking again is cheap.

use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use thiserror::Error;
use tracing::info;

use crate::config::{Auth, Config, ImapConfig, SmtpConfig, secret_from_env};

/// How long a token from the command is used before the command is run
/// again (well inside the usual hour of an access token's life).
pub const TOKEN_REUSE: Duration = Duration::from_secs(300);

/// The most a token command may take.
const COMMAND_LIMIT: Duration = Duration::from_secs(60);

/// One server's login.
#[derive(Clone)]
pub struct Login {
    pub user: String,
    secret: Secret,
}

#[derive(Clone)]
enum Secret {
    Password(String),
    Token(Arc<TokenCommand>),
}

/// What the referee presents: a password, or a bearer token (with the
/// SASL mechanisms that carry it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credential {
    Password(String),
    Bearer(String),
}

/// Why no token could be had from the host's command.
#[derive(Debug, Error)]
pub enum TokenError {
    #[error("the token command `{command}` could not be started: {error}")]
    Start {
        command: String,
        error: std::io::Error,
    },
    #[error("the token command `{command}` failed ({status}): {stderr}")]
    Failed {
        command: String,
        status: String,
        stderr: String,
    },
    #[error("the token command `{command}` printed no token")]
    Empty { command: String },
    #[error("the token command `{command}` did not finish within {limit:?}")]
    Slow { command: String, limit: Duration },
}

/// The host's command that prints an access token, and the last token.
pub struct TokenCommand {
    command: String,
    last: Mutex<Option<(String, Instant)>>,
}

impl TokenCommand {
    pub fn new(command: &str) -> TokenCommand {
        TokenCommand {
            command: command.to_string(),
            last: Mutex::new(None),
        }
    }

    /// The last token if it is fresh enough, else a new one.
    pub fn token(&self) -> Result<String, TokenError> {
        let last = self.last.lock().expect("token lock").clone();
        match last {
            Some((token, at)) if at.elapsed() < TOKEN_REUSE => Ok(token),
            _ => self.refresh(),
        }
    }

    /// Runs the command again: the server refused the last token.
    pub fn refresh(&self) -> Result<String, TokenError> {
        let token = self.run()?;
        *self.last.lock().expect("token lock") = Some((token.clone(), Instant::now()));
        info!(command = %self.command, "a new OAuth 2.0 access token");
        Ok(token)
    }

    /// Runs `sh -c COMMAND` and takes the first line it prints.
    fn run(&self) -> Result<String, TokenError> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.command)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| TokenError::Start {
                command: self.command.clone(),
                error,
            })?;
        let started = Instant::now();
        while child.try_wait().ok().flatten().is_none() {
            if started.elapsed() > COMMAND_LIMIT {
                let _ = child.kill();
                let _ = child.wait();
                return Err(TokenError::Slow {
                    command: self.command.clone(),
                    limit: COMMAND_LIMIT,
                });
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let output = child
            .wait_with_output()
            .map_err(|error| TokenError::Start {
                command: self.command.clone(),
                error,
            })?;
        if !output.status.success() {
            return Err(TokenError::Failed {
                command: self.command.clone(),
                status: output.status.to_string(),
                stderr: String::from_utf8_lossy(&output.stderr).trim().to_string(),
            });
        }
        let stdout = String::from_utf8_lossy(&output.stdout);
        match stdout.lines().next().map(str::trim) {
            Some(token) if !token.is_empty() => Ok(token.to_string()),
            _ => Err(TokenError::Empty {
                command: self.command.clone(),
            }),
        }
    }
}

impl Login {
    /// A login with a password.
    pub fn password(user: &str, password: &str) -> Login {
        Login {
            user: user.to_string(),
            secret: Secret::Password(password.to_string()),
        }
    }

    /// A login with tokens from `command`.
    pub fn oauth2(user: &str, command: &str) -> Login {
        Login {
            user: user.to_string(),
            secret: Secret::Token(Arc::new(TokenCommand::new(command))),
        }
    }

    /// The login of one server's settings; the password is read from its
    /// environment variable now, the token command runs when needed.
    pub fn from_settings(
        user: &str,
        auth: Auth,
        password_env: Option<&str>,
        token_command: Option<&str>,
    ) -> anyhow::Result<Login> {
        Ok(match auth {
            Auth::Password => {
                let name = password_env.unwrap_or_default();
                Login::password(user, &secret_from_env(name)?)
            }
            Auth::Oauth2 => Login::oauth2(user, token_command.unwrap_or_default()),
        })
    }

    pub fn is_oauth2(&self) -> bool {
        matches!(self.secret, Secret::Token(_))
    }

    /// What to present now.
    pub fn credential(&self) -> Result<Credential, TokenError> {
        match &self.secret {
            Secret::Password(p) => Ok(Credential::Password(p.clone())),
            Secret::Token(command) => command.token().map(Credential::Bearer),
        }
    }

    /// What to present after the server refused the last one: a new token,
    /// or `None` for a password (asking again would not change it).
    pub fn after_refusal(&self) -> Option<Result<Credential, TokenError>> {
        match &self.secret {
            Secret::Password(_) => None,
            Secret::Token(command) => Some(command.refresh().map(Credential::Bearer)),
        }
    }
}

/// The logins of both servers, from the configuration and the environment.
#[derive(Clone)]
pub struct Logins {
    pub imap: Login,
    /// `None` for an SMTP server taken without AUTH (loopback relay).
    pub smtp: Option<Login>,
}

impl Logins {
    pub fn from_config(config: &Config) -> anyhow::Result<Logins> {
        use anyhow::Context;
        let imap = config
            .imap
            .as_ref()
            .context("the configuration has no [imap] section")?;
        let smtp = config
            .smtp
            .as_ref()
            .context("the configuration has no [smtp] section")?;
        Ok(Logins {
            imap: Login::for_imap(imap)?,
            smtp: Login::for_smtp(smtp)?,
        })
    }
}

impl Login {
    /// The IMAP login of the settings.
    pub fn for_imap(imap: &ImapConfig) -> anyhow::Result<Login> {
        Login::from_settings(
            &imap.username,
            imap.auth,
            imap.password_env.as_deref(),
            imap.token_command.as_deref(),
        )
    }

    /// The SMTP login of the settings; `None` for a server taken without
    /// AUTH (no user, or a user with neither a password nor OAuth).
    pub fn for_smtp(smtp: &SmtpConfig) -> anyhow::Result<Option<Login>> {
        match (&smtp.username, smtp.auth, &smtp.password_env) {
            (Some(user), auth, password_env) if auth == Auth::Oauth2 || password_env.is_some() => {
                Login::from_settings(
                    user,
                    auth,
                    password_env.as_deref(),
                    smtp.token_command.as_deref(),
                )
                .map(Some)
            }
            _ => Ok(None),
        }
    }
}

/// The SASL mechanisms that carry a bearer token, in the order the referee
/// prefers them: the standard one (RFC 7628) first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BearerMechanism {
    OAuthBearer,
    XOAuth2,
}

impl BearerMechanism {
    pub fn name(self) -> &'static str {
        match self {
            BearerMechanism::OAuthBearer => "OAUTHBEARER",
            BearerMechanism::XOAuth2 => "XOAUTH2",
        }
    }

    /// The first response: the user and the token (RFC 7628 section 3.1
    /// for OAUTHBEARER; Google's and Microsoft's XOAUTH2 format).
    pub fn initial_response(self, user: &str, token: &str) -> String {
        match self {
            BearerMechanism::OAuthBearer => {
                format!("n,a={},\x01auth=Bearer {token}\x01\x01", sasl_name(user))
            }
            BearerMechanism::XOAuth2 => format!("user={user}\x01auth=Bearer {token}\x01\x01"),
        }
    }

    /// The answer to the server's error challenge (a JSON status), which
    /// lets the server finish with its refusal.
    pub fn error_response(self) -> &'static str {
        match self {
            BearerMechanism::OAuthBearer => "\x01",
            BearerMechanism::XOAuth2 => "",
        }
    }
}

/// A user name as a SASL GS2 header writes it (RFC 5801: `,` and `=`
/// escaped).
fn sasl_name(user: &str) -> String {
    user.replace('=', "=3D").replace(',', "=2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearer_responses_follow_their_formats() {
        assert_eq!(
            BearerMechanism::XOAuth2.initial_response("ref@club.example", "tok"),
            "user=ref@club.example\x01auth=Bearer tok\x01\x01"
        );
        assert_eq!(
            BearerMechanism::OAuthBearer.initial_response("a,b=c@x", "tok"),
            "n,a=a=2Cb=3Dc@x,\x01auth=Bearer tok\x01\x01"
        );
    }

    #[test]
    fn a_token_is_reused_until_refused() {
        let dir = tempfile::tempdir().unwrap();
        let counter = dir.path().join("n");
        let command = format!(
            "n=$(cat {c} 2>/dev/null || echo 0); n=$((n+1)); echo $n > {c}; echo token-$n",
            c = counter.display()
        );
        let login = Login::oauth2("r", &command);
        let bearer = |s: &str| Credential::Bearer(s.to_string());
        assert_eq!(login.credential().unwrap(), bearer("token-1"));
        assert_eq!(login.credential().unwrap(), bearer("token-1"));
        assert_eq!(login.after_refusal().unwrap().unwrap(), bearer("token-2"));
        assert_eq!(login.credential().unwrap(), bearer("token-2"));
    }

    #[test]
    fn a_failing_or_silent_command_says_so() {
        let error = TokenCommand::new("echo expired >&2; exit 3")
            .token()
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("failed") && error.contains("expired"),
            "{error}"
        );
        let error = TokenCommand::new("true").token().unwrap_err().to_string();
        assert!(error.contains("printed no token"), "{error}");
        assert!(Login::password("r", "pw").after_refusal().is_none());
    }
}
