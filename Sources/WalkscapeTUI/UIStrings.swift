/// The player's interface text in Italian, French and English (the language from `LANG`, English fallback).
public struct UIStrings: Sendable, Equatable {
    public let language: String
    private let table: [String: String]

    /// The strings for `language` (`it`, `fr`; anything else gives English).
    public init(language: String?) {
        switch language {
        case "it":
            self.language = "it"
            table = UIStrings.italian
        case "fr":
            self.language = "fr"
            table = UIStrings.french
        default:
            self.language = "en"
            table = [:]
        }
    }

    /// The text for `key` (an English phrase), translated when the table has it.
    public subscript(_ key: String) -> String { table[key] ?? key }

    static let italian: [String: String] = [
        "Stop": "Tappa", "GPS weak": "GPS debole", "GPS ok": "GPS ok", "no fix": "nessun fix", "fix": "fix",
        "muted at": "muto a", "paused": "in pausa", "Next stop": "Prossima tappa", "inside region": "nell'area",
        "queued": "in coda", "waiting": "in attesa", "playing": "in riproduzione", "next": "prossima", "queued behind": "in coda dopo",
        "Tour complete": "Tour completato", "points played": "tappe ascoltate", "missed": "mancate", "walked": "percorsi",
        "Events": "Eventi", "Help": "Aiuto", "terminal too small: need": "terminale troppo piccolo: servono",
        "press ? for help": "premi ? per l'aiuto", "Quit the tour in progress? (y/n)": "Uscire dal tour in corso? (s/n)",
        "Support this project": "Sostieni questo progetto", "min walk": "min a piedi", "all stops played": "tutte le tappe ascoltate",
    ]

    static let french: [String: String] = [
        "Stop": "Étape", "GPS weak": "GPS faible", "GPS ok": "GPS ok", "no fix": "pas de fix", "fix": "fix",
        "muted at": "muet à", "paused": "en pause", "Next stop": "Prochaine étape", "inside region": "dans la zone",
        "queued": "en attente", "waiting": "à venir", "playing": "en lecture", "next": "suivante", "queued behind": "en attente après",
        "Tour complete": "Parcours terminé", "points played": "étapes écoutées", "missed": "manquées", "walked": "parcourus",
        "Events": "Événements", "Help": "Aide", "terminal too small: need": "terminal trop petit : il faut",
        "press ? for help": "? pour l'aide", "Quit the tour in progress? (y/n)": "Quitter le parcours en cours ? (o/n)",
        "Support this project": "Soutenir ce projet", "min walk": "min à pied", "all stops played": "toutes les étapes écoutées",
    ]
}
