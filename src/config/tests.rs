//! The configuration's tests: reading, checking and overriding it.

use super::*;

#[test]
fn allowlist_takes_addresses_and_domains() {
    let referee = RefereeConfig {
        start_games: StartPolicy::Allowlist,
        allow: vec!["alice@example.test".into(), "@club.example".into()],
        ..RefereeConfig::default()
    };
    assert!(referee.may_start_games("Alice@example.test"));
    assert!(referee.may_start_games("bob@club.example"));
    assert!(!referee.may_start_games("bob@example.test"));
    assert!(!referee.may_start_games("mallory@evilclub.example"));
    assert!(RefereeConfig::default().may_start_games("anyone@anywhere.example"));
}

#[test]
fn without_plus_addressing_replies_go_to_the_bare_address() {
    let mut referee = RefereeConfig {
        address: "referee@club.example".into(),
        ..RefereeConfig::default()
    };
    assert_eq!(referee.reply_address("7.abc"), "referee+7.abc@club.example");
    referee.plus_addressing = false;
    assert_eq!(referee.reply_address("7.abc"), "referee@club.example");
}

#[test]
fn plain_connections_only_on_loopback() {
    let text = |host: &str| {
        format!(
            "[imap]\nhost = \"{host}\"\nport = 143\nsecurity = \"plain\"\nusername = \"r\"\npassword_env = \"P\"\n"
        )
    };
    let ok: Config = toml::from_str(&text("127.0.0.1")).unwrap();
    assert!(ok.check().is_ok());
    let bad: Config = toml::from_str(&text("mail.example.org")).unwrap();
    assert!(bad.check().is_err());
}

#[test]
fn folder_names_must_name_a_folder_other_than_the_mailbox() {
    let text = |mailbox: &str, done: &str| {
        format!(
            "[imap]\nhost = \"127.0.0.1\"\nport = 143\nsecurity = \"plain\"\nusername = \"r\"\n\
             password_env = \"P\"\nmailbox = \"{mailbox}\"\ndone_folder = \"{done}\"\n"
        )
    };
    let check = |mailbox: &str, done: &str| {
        toml::from_str::<Config>(&text(mailbox, done))
            .unwrap()
            .check()
            .map_err(|e| e.to_string())
    };
    assert!(check("INBOX", "Arbiter/Done").is_ok());
    assert!(check("INBOX", "Arbiter.Done").is_ok());
    let error = check("INBOX", "Arbiter//Done").unwrap_err();
    assert!(
        error.contains("imap.done_folder") && error.contains("empty level"),
        "{error}"
    );
    assert!(check("", "Done").unwrap_err().contains("imap.mailbox"));
    let error = check("INBOX/Games", "inbox.Games").unwrap_err();
    assert!(error.contains("the watched mailbox itself"), "{error}");
}

#[test]
fn a_login_fits_its_auth() {
    let text = |login: &str| {
        format!(
            "[imap]\nhost = \"127.0.0.1\"\nport = 143\nsecurity = \"plain\"\nusername = \"r\"\n{login}\n"
        )
    };
    let check = |login: &str| {
        toml::from_str::<Config>(&text(login))
            .unwrap()
            .check()
            .map_err(|e| e.to_string())
    };
    assert!(check("password_env = \"P\"").is_ok());
    assert!(check("auth = \"oauth2\"\ntoken_command = \"oama access r\"").is_ok());
    let error = check("").unwrap_err();
    assert!(error.contains("imap.password_env is missing"), "{error}");
    let error = check("auth = \"oauth2\"").unwrap_err();
    assert!(error.contains("token_command is missing"), "{error}");
    let error =
        check("auth = \"oauth2\"\ntoken_command = \"t\"\npassword_env = \"P\"").unwrap_err();
    assert!(error.contains("uses token_command only"), "{error}");
    let error = check("password_env = \"P\"\ntoken_command = \"t\"").unwrap_err();
    assert!(error.contains("set auth = \"oauth2\""), "{error}");
}

#[test]
fn the_committed_example_config_parses() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("config/arbiter.toml");
    let config = Config::load(&path).unwrap();
    assert!(config.imap.is_some() && config.smtp.is_some());
}

/// `[database] url` names PostgreSQL, over `path`; its password comes
/// from the environment, never the file; `--db` overrides either.
#[test]
fn a_postgres_url_with_its_password_from_the_environment() {
    let config = |database: &str| -> anyhow::Result<Config> {
        let config: Config = toml::from_str(&format!(
            "[database]\n{database}\n[referee]\naddress = \"r@club.example\"\n"
        ))?;
        config.check()?;
        Ok(config)
    };
    let sqlite = config("path = \"club.db\"").unwrap();
    assert_eq!(
        sqlite.database.location().unwrap(),
        Location::Sqlite("club.db".into())
    );
    let plain = config("url = \"postgres://arbiter@db.example.org/club\"").unwrap();
    assert_eq!(
        plain.database.location().unwrap(),
        Location::Postgres("postgres://arbiter@db.example.org/club".into())
    );
    let in_file = config("url = \"postgres://arbiter:secret@db.example.org/club\"")
        .unwrap_err()
        .to_string();
    assert!(in_file.contains("database.password_env"), "{in_file}");
    assert!(config("url = \"mysql://db/club\"").is_err());
    assert!(
        config("password_env = \"X\"").is_err(),
        "SQLite has no password"
    );

    let unset = config(
        "url = \"postgres://arbiter@db.example.org/club\"\n\
         password_env = \"ARBITER_TEST_NO_SUCH_VARIABLE\"",
    )
    .unwrap();
    assert!(
        unset.database.location().is_err(),
        "the variable is not set"
    );
    // PATH is set everywhere, and full of characters a URL must escape.
    let with_env =
        config("url = \"postgres://arbiter@db.example.org/club\"\npassword_env = \"PATH\"")
            .unwrap();
    let Location::Postgres(url) = with_env.database.location().unwrap() else {
        panic!("a URL");
    };
    let url = url::Url::parse(&url).unwrap();
    assert_eq!(
        (url.username(), url.host_str()),
        ("arbiter", Some("db.example.org"))
    );
    let password = url.password().unwrap();
    assert!(
        !password.contains('/') && password.contains("%2F"),
        "{password}"
    );

    let mut overridden = plain.database.clone();
    overridden.override_with(Path::new("/var/lib/arbiter/arbiter.db"));
    assert!(matches!(
        overridden.location().unwrap(),
        Location::Postgres(_)
    ));
    overridden.override_with(Path::new("postgres://other/db"));
    assert_eq!(
        overridden.location().unwrap(),
        Location::Postgres("postgres://other/db".into())
    );
}
