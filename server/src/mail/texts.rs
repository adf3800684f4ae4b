//! The words of the site's mails, in English and French (the site's two languages): a subject and a
//! plain-text body, with the player's name, the link and the site's address filled in.

/// A mail's language: the page's (`lang` of the request), else the first of `Accept-Language` the site
/// has, else English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Fr,
}

impl Lang {
    /// The language of a request: `asked` (the page's own language) when the site has it, else the first
    /// language of `accept_language` it has, else English.
    pub fn of(asked: Option<&str>, accept_language: Option<&str>) -> Lang {
        let known = |tag: &str| {
            let primary = tag.split(['-', '_', ';']).next().unwrap_or("").trim().to_ascii_lowercase();
            match primary.as_str() {
                "fr" => Some(Lang::Fr),
                "en" => Some(Lang::En),
                _ => None,
            }
        };
        asked
            .and_then(known)
            .or_else(|| accept_language.and_then(|header| header.split(',').find_map(known)))
            .unwrap_or(Lang::En)
    }
}

/// A mail to send: its subject and plain-text body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mail {
    pub subject: String,
    pub body: String,
}

/// The mail that confirms `address` for the account `name`: `link` works once, for `hours`.
pub fn confirmation(lang: Lang, name: &str, link: &str, hours: u64, site: &str) -> Mail {
    match lang {
        Lang::En => Mail {
            subject: "Confirm your email address for Mancala".into(),
            body: format!(
                "Hello {name},\n\n\
                 Someone, you we hope, asked to use this address for the Mancala account {name}. To confirm it, \
                 open this link within {hours} hours:\n\n{link}\n\n\
                 The link works once. If you did not ask for this, ignore this mail: the address is not used \
                 until it is confirmed.\n\n-- \nMancala, {site}\n"
            ),
        },
        Lang::Fr => Mail {
            subject: "Confirmez votre adresse électronique pour Mancala".into(),
            body: format!(
                "Bonjour {name},\n\n\
                 Quelqu’un, vous sans doute, a demandé d’utiliser cette adresse pour le compte Mancala {name}. \
                 Pour la confirmer, ouvrez ce lien dans les {hours} heures :\n\n{link}\n\n\
                 Le lien ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message : l’adresse ne \
                 sert à rien tant qu’elle n’est pas confirmée.\n\n-- \nMancala, {site}\n"
            ),
        },
    }
}

/// The mail that lets the account `name` choose a new password: `link` works once, for an hour.
pub fn reset(lang: Lang, name: &str, link: &str, site: &str) -> Mail {
    match lang {
        Lang::En => Mail {
            subject: "Choose a new password for Mancala".into(),
            body: format!(
                "Hello {name},\n\n\
                 Someone, you we hope, asked for a new password for the Mancala account {name}. To choose one, \
                 open this link within an hour:\n\n{link}\n\n\
                 The link works once, and choosing a new password signs your account out everywhere. If you \
                 did not ask for this, ignore this mail: your password stays as it is.\n\n-- \nMancala, {site}\n"
            ),
        },
        Lang::Fr => Mail {
            subject: "Choisissez un nouveau mot de passe pour Mancala".into(),
            body: format!(
                "Bonjour {name},\n\n\
                 Quelqu’un, vous sans doute, a demandé un nouveau mot de passe pour le compte Mancala {name}. \
                 Pour en choisir un, ouvrez ce lien dans l’heure :\n\n{link}\n\n\
                 Le lien ne sert qu’une fois, et choisir un nouveau mot de passe déconnecte votre compte \
                 partout. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste le \
                 même.\n\n-- \nMancala, {site}\n"
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_language_first_then_the_browser_s_then_english() {
        assert_eq!(Lang::of(Some("fr"), Some("en-GB")), Lang::Fr);
        assert_eq!(Lang::of(Some("en"), Some("fr-FR")), Lang::En);
        assert_eq!(Lang::of(None, Some("de-DE,fr-BI;q=0.8,en;q=0.5")), Lang::Fr);
        assert_eq!(Lang::of(Some("sw"), Some("rw")), Lang::En);
        assert_eq!(Lang::of(None, None), Lang::En);
    }

    #[test]
    fn each_mail_holds_its_link_and_name_in_both_languages() {
        for lang in [Lang::En, Lang::Fr] {
            let c = confirmation(lang, "Amani", "https://m.example/email/abc", 24, "https://m.example");
            let r = reset(lang, "Amani", "https://m.example/reset/xyz", "https://m.example");
            for mail in [c, r] {
                assert!(mail.body.contains("Amani") && mail.body.contains("https://m.example/"), "{mail:?}");
            }
        }
        assert!(confirmation(Lang::Fr, "a", "l", 24, "s").body.contains("24 heures"));
    }
}
