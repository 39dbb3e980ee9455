//! What a refused login means at the providers clubs use, in the host's
//! terms (docs/hosting.md has the details).

use crate::config::Auth;

/// The provider a mail host belongs to, as far as the name tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Provider {
    Google,
    Microsoft,
    Fastmail,
    Other,
}

impl Provider {
    pub fn of_host(host: &str) -> Provider {
        let host = host.to_ascii_lowercase();
        let under = |domain: &str| host == domain || host.ends_with(&format!(".{domain}"));
        if under("gmail.com") || under("googlemail.com") || under("google.com") {
            Provider::Google
        } else if under("outlook.com") || under("office365.com") || under("hotmail.com") {
            Provider::Microsoft
        } else if under("fastmail.com") || under("messagingengine.com") {
            Provider::Fastmail
        } else {
            Provider::Other
        }
    }
}

/// The fix for a refused login on `host` (`key` is `imap` or `smtp`).
pub fn login_refused(host: &str, key: &str, auth: Auth) -> String {
    match (Provider::of_host(host), auth) {
        (Provider::Microsoft, Auth::Password) => format!(
            "Microsoft's mail (Outlook.com, Microsoft 365) takes no password from programs: \
             set {key}.auth = \"oauth2\" and a {key}.token_command (docs/hosting.md)"
        ),
        (Provider::Google, Auth::Password) => format!(
            "Gmail takes an app password (with 2-step verification on), not the account's \
             password; or set {key}.auth = \"oauth2\" and a {key}.token_command \
             (docs/hosting.md)"
        ),
        (Provider::Fastmail, Auth::Password) => format!(
            "Fastmail takes an app password made for IMAP and SMTP in its settings; put it in \
             the variable named by {key}.password_env"
        ),
        (_, Auth::Password) => format!(
            "check {key}.username and the password in the variable named by \
             {key}.password_env; many providers want an app password for programs"
        ),
        (_, Auth::Oauth2) => format!(
            "the server refused the token even after the command was run again: check that \
             {key}.username is the account the token was issued for, and that the token has \
             the mail scope (IMAP and SMTP) the provider requires"
        ),
    }
}

/// The fix for a token command that fails.
pub const TOKEN_COMMAND: &str = "run the command by hand as the referee's user: it must \
     print a fresh access token on its first line and exit 0 (authorise it once first if \
     the helper needs that)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn providers_are_known_by_their_hosts() {
        assert_eq!(Provider::of_host("imap.gmail.com"), Provider::Google);
        assert_eq!(
            Provider::of_host("outlook.office365.com"),
            Provider::Microsoft
        );
        assert_eq!(
            Provider::of_host("smtp-mail.outlook.com"),
            Provider::Microsoft
        );
        assert_eq!(Provider::of_host("imap.fastmail.com"), Provider::Fastmail);
        assert_eq!(Provider::of_host("mail.notgmail.com"), Provider::Other);
        assert!(login_refused("outlook.office365.com", "imap", Auth::Password).contains("oauth2"));
        assert!(login_refused("imap.gmail.com", "smtp", Auth::Password).contains("app password"));
    }
}
