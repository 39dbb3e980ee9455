//! Challenges: one player invites another to a game; the game starts when
//! the opponent accepts. The same rules hold by mail and from the command
//! line (`arbiter game challenge` / `accept` / `decline`); the mail room only
//! carries the command in and the invitation out.

use crate::store::Tx;
use tracing::info;

use super::{Notice, Referee, RefereeError, check_address, random_token};
use crate::command::ColorChoice;
use crate::games::GameInfo;
use crate::rules::{Entropy, OptionError, Options};
use crate::store::challenges::{self, Challenge, NewChallenge};

/// A challenge as asked for.
#[derive(Clone, Copy, Debug)]
pub struct ChallengeRequest<'a> {
    pub challenger: &'a str,
    pub opponent: &'a str,
    /// The game's name.
    pub game: &'a str,
    /// `KEY=VALUE` words.
    pub options: &'a [String],
    /// The challenger's side.
    pub color: ColorChoice,
}

/// A challenge the referee has recorded, for the invitation.
#[derive(Clone, Debug)]
pub struct Issued {
    pub id: i64,
    /// What the opponent's answer must carry: `c17.k3x9q` (the mail's reply
    /// address tag, or a `key:` line).
    pub key: String,
    pub challenger: String,
    pub opponent: String,
    pub info: &'static GameInfo,
    pub options: Options,
    pub color: ColorChoice,
    /// Whether the game will allow spectators.
    pub public: bool,
    /// Whether the game will be rated.
    pub rated: bool,
}

impl Issued {
    /// The sides in the opponent's terms.
    pub fn sides_for_opponent(&self) -> &'static str {
        match self.color {
            ColorChoice::White => "They play White, you Black.",
            ColorChoice::Black => "They play Black, you White.",
            ColorChoice::Random => "Sides are drawn at random.",
        }
    }
}

/// How an answered challenge ended.
#[derive(Debug)]
pub enum Answered {
    /// The game started: its id and the start notices for both players.
    Accepted {
        challenge: Challenge,
        game_id: i64,
        notices: Vec<Notice>,
    },
    Declined {
        challenge: Challenge,
    },
}

fn color_name(color: ColorChoice) -> &'static str {
    match color {
        ColorChoice::White => "white",
        ColorChoice::Black => "black",
        ColorChoice::Random => "random",
    }
}

/// What a challenge asks of the referee rather than of the game:
/// spectators (`public=yes|no`, no by default) and a rating
/// (`rated=yes|no`, yes by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RefereeChoices {
    pub public: bool,
    pub rated: bool,
}

/// Takes the referee's own `public=` and `rated=` out of a challenge's
/// options; the rest are the game's.
pub(super) fn referee_options(
    words: &[String],
) -> Result<(RefereeChoices, Vec<String>), RefereeError> {
    let mut choices = RefereeChoices {
        public: false,
        rated: true,
    };
    let mut rest = Vec::new();
    for word in words {
        let Some((key, value)) = word.split_once('=') else {
            rest.push(word.clone());
            continue;
        };
        let slot = match key.trim().to_ascii_lowercase().as_str() {
            "public" => &mut choices.public,
            "rated" => &mut choices.rated,
            _ => {
                rest.push(word.clone());
                continue;
            }
        };
        *slot = match value.to_ascii_lowercase().as_str() {
            "yes" | "on" | "true" => true,
            "no" | "off" | "false" => false,
            _ => {
                return Err(RefereeError::Options(OptionError::BadValue {
                    key: key.trim().to_ascii_lowercase(),
                    value: value.into(),
                    expected: "yes|no".into(),
                }));
            }
        };
    }
    Ok((choices, rest))
}

impl Referee {
    /// Records a challenge after checking everything that would stop the
    /// game from starting (the game, its options, the two addresses), so an
    /// opponent is never invited to a game that cannot start.
    pub async fn challenge(
        &self,
        conn: &mut Tx,
        request: ChallengeRequest<'_>,
    ) -> Result<Issued, RefereeError> {
        let info = GameInfo::find(request.game).ok_or_else(|| RefereeError::UnknownGame {
            name: request.game.to_string(),
        })?;
        let challenger = check_address(request.challenger)?;
        let opponent = check_address(request.opponent)?;
        for address in [&challenger, &opponent] {
            if self.is_computer(address) {
                return Err(RefereeError::ComputerAddress(address.clone()));
            }
        }
        if challenger == opponent {
            return Err(RefereeError::SamePlayer);
        }
        let (choices, words) = referee_options(request.options)?;
        let options = Options::parse(words)?;
        (info.new)(&options, &mut Entropy::for_perft())?;
        let secret = random_token(6);
        let id = challenges::insert(
            conn,
            NewChallenge {
                challenger: &challenger,
                opponent: &opponent,
                game: info.name,
                options: &options,
                color: color_name(request.color),
                secret: &secret,
                public: choices.public,
                rated: choices.rated,
            },
        )
        .await?;
        info!(challenge = id, game = info.name, "challenge recorded");
        Ok(Issued {
            id,
            key: format!("c{id}.{secret}"),
            challenger,
            opponent,
            info,
            options,
            color: request.color,
            public: choices.public,
            rated: choices.rated,
        })
    }

    /// A challenge by id, for its opponent to answer.
    pub async fn open_challenge(&self, conn: &mut Tx, id: i64) -> Result<Challenge, RefereeError> {
        challenges::get(conn, id)
            .await?
            .ok_or(RefereeError::NoSuchChallenge(id))
    }

    /// The opponent `by` accepts (starting the game) or declines challenge
    /// `id`. Only the challenged player may answer, and only once.
    pub async fn answer_challenge(
        &self,
        conn: &mut Tx,
        id: i64,
        by: &str,
        accept: bool,
    ) -> Result<Answered, RefereeError> {
        let challenge = self.open_challenge(conn, id).await?;
        if challenge.opponent != super::normalize_address(by) {
            return Err(RefereeError::NotChallenged {
                id,
                address: super::normalize_address(by),
            });
        }
        if challenge.status != "open" {
            return Err(RefereeError::ChallengeClosed {
                id,
                status: challenge.status,
            });
        }
        if !accept {
            challenges::close(conn, id, "declined", None).await?;
            info!(challenge = id, "challenge declined");
            return Ok(Answered::Declined { challenge });
        }
        let challenger_white = match challenge.color.as_str() {
            "white" => true,
            "black" => false,
            _ => rand::random::<bool>(),
        };
        let (white, black) = if challenger_white {
            (&challenge.challenger, &challenge.opponent)
        } else {
            (&challenge.opponent, &challenge.challenger)
        };
        let (game_id, notices) = self
            .create_game(
                conn,
                &challenge.game,
                white,
                black,
                &challenge.options,
                None,
            )
            .await?;
        if challenge.public {
            crate::store::watchers::set_public(conn, game_id, true).await?;
        }
        if !challenge.rated {
            crate::store::ratings::set_unrated(conn, game_id).await?;
        }
        challenges::close(conn, id, "accepted", Some(game_id)).await?;
        info!(challenge = id, game = game_id, "challenge accepted");
        Ok(Answered::Accepted {
            challenge,
            game_id,
            notices,
        })
    }
}
