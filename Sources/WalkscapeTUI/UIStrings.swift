import WalkscapeCore

/// The player's interface text in Italian, French and English (the language from `LANG`, English fallback).
public struct UIStrings: Sendable, Equatable {
    public let language: String
    private let table: [String: String]
    /// True when every text comes out transliterated to ASCII (a terminal without a UTF-8 locale).
    public private(set) var ascii = false

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
    public subscript(_ key: String) -> String {
        let text = table[key] ?? key
        return ascii ? ASCIIFallback.transliterate(text: text) : text
    }

    /// These strings transliterated to ASCII (`Étape` → `Etape`, `città` → `citta`).
    public func asciiOnly() -> UIStrings {
        var copy = self
        copy.ascii = true
        return copy
    }

    /// A key-hint line: each key followed by its translated action, two spaces between (`space pause  q quit`).
    public func hints(_ pairs: [(key: String, action: String)]) -> String {
        pairs.map { "\($0.key) \(self[$0.action])" }.joined(separator: "  ")
    }

    /// A help-overlay line: the key (translated when it holds words, like "[ ] or - +") padded to 12
    /// columns, then its translated description.
    public func helpLine(_ key: String, _ description: String) -> String {
        DisplayWidth.pad(self[key], to: 12) + self[description]
    }

    static let italian: [String: String] = [
        "Stop": "Tappa", "GPS lost": "GPS perso", "source closed": "sorgente chiusa", "GPS weak": "GPS debole", "GPS ok": "GPS ok", "no fix": "nessun fix", "fix": "fix",
        "muted above": "muto sopra", "muted below": "muto sotto", "paused": "in pausa", "Next stop": "Prossima tappa", "inside region": "nell'area",
        "queued": "in coda", "waiting": "in attesa", "playing": "in riproduzione", "next": "prossima", "queued behind": "in coda dopo",
        "Tour complete": "Tour completato", "points played": "tappe ascoltate", "missed": "mancate", "walked": "percorsi",
        "Events": "Eventi", "Help": "Aiuto", "terminal too small: need": "terminale troppo piccolo: servono",
        "press ? for help": "premi ? per l'aiuto", "Quit the tour in progress? (y/n)": "Uscire dal tour in corso? (s/n)",
        "Support this project": "Sostieni questo progetto", "min walk": "min a piedi", "h walk": "h a piedi", "d walk": "g a piedi", "d": "g", "all stops played": "tutte le tappe ascoltate", "placeholder": "provvisorio",
        "Tours": "Tour", "filter": "filtro", "all": "tutti", "protected": "protetto", "free": "gratuito", "CITY": "CITTÀ",
        "DURATION": "DURATA", "DISTANCE": "DISTANZA", "STOPS": "TAPPE", "LANGUAGES": "LINGUE", "STATE": "STATO", "TOUR": "TOUR",
        "No tours match the filter.": "Nessun tour corrisponde al filtro.", "not downloaded": "non scaricato", "unreadable": "illeggibile",
        "stops": "tappe", "Stops": "Tappe", "Downloaded: every file present.": "Scaricato: tutti i file presenti.",
        "Not downloaded": "Non scaricato", "to fix": "per rimediare", "Walk": "Percorso", "no trace found": "nessuna traccia trovata",
        "Audio language": "Lingua audio", "Subtitles": "Sottotitoli", "Queue depth": "Coda", "Confirm fixes": "Fix di conferma",
        "Min accuracy": "Precisione minima", "Skip missed points": "Salta tappe mancate", "Speed": "Velocità", "auto": "auto",
        "as audio": "come l'audio", "off": "disattivato", "yes": "sì", "no": "no", "Settings": "Impostazioni", "Rules": "Regole", "press d to download it now": "premi d per scaricarlo ora",
        "protected: start play with --token T (or WALKSCAPE_TOKEN) to download it here": "protetto: avvia play con --token T (o WALKSCAPE_TOKEN) per scaricarlo qui",
        "pause": "pausa", "seek": "salta", "point": "tappa", "speed": "velocità", "log": "eventi", "help": "aiuto",
        "quit": "esci", "select": "scegli", "open": "apri", "start": "avvia", "walk": "percorso", "tour": "tour",
        "back": "indietro", "choose": "scegli", "change": "cambia", "settings": "impostazioni",
        "play / pause": "riproduci / pausa", "seek −10 s / +10 s": "indietro 10 s / avanti 10 s",
        "next / previous point": "tappa successiva / precedente", "replay the current point": "riascolta la tappa corrente",
        "trace speed (¼× … 64×)": "velocità della traccia (¼× … 64×)", "step one fix while paused": "un fix alla volta in pausa",
        "subtitle language      l  event log": "lingua sottotitoli     l  eventi", "this help              q  quit": "questo aiuto           q  esci",
        "select a tour, a setting": "scegli un tour, un'impostazione", "open the tour / start the walk": "apri il tour / avvia il percorso",
        "choose the walk, change a setting": "scegli il percorso, cambia un'impostazione",
        "filter: all / protected / free": "filtro: tutti / protetti / gratuiti", "settings        esc  back": "impostazioni    esc  indietro",
        "this help       q    quit": "questo aiuto    q    esci",
        "the walk is paused (clock and audio) while this is open": "il percorso è in pausa (orologio e audio) finché è aperto",
        "the walk goes on while this is open": "il percorso continua mentre è aperto",
        "pan left / right      f  follow the walker": "sposta a sin. / destra f  segui chi cammina",
        "pan up / down         z / x  zoom": "sposta su / giù        z / x  zoom", "subtitles": "sottotitoli", "Loading": "Caricamento di", "simulated walk": "percorso simulato", "[ ] or - +": "[ ] o - +",
        "tab or t": "tab o t", "↑/↓ or j/k": "↑/↓ o j/k",
        "Walk ended: tour incomplete": "Percorso finito: tour incompleto", "more": "altre", "never entered": "mai raggiunta",
        "entered while the queue was full": "raggiunta con la coda piena", "entered before the points before it": "raggiunta prima delle precedenti",
        "entered too briefly to trigger": "raggiunta troppo brevemente", "skipped (a later point was entered)": "saltata (raggiunta una successiva)", "fit the route": "tutto il percorso",
        "street map under the route": "mappa delle strade sotto il percorso",

        "prd: walkscape's rules; ios-app, android-app: what each phone does; ideal.": "prd: regole di walkscape; ios-app, android-app: ciò che fa ogni telefono; ideal.",
        "The narration's language; auto takes yours (LANG) when the tour has it.": "Lingua della narrazione; auto usa la tua (LANG) se il tour la offre.",
        "Subtitles follow the heard audio; s in the player cycles them.": "I sottotitoli seguono l'audio ascoltato; s nel player li cambia.",
        "Points that may wait behind the playing audio (0: no queue).": "Tappe che possono attendere dopo l'audio in corso (0: nessuna coda).",
        "Consecutive fixes inside a region before its point triggers.": "Fix consecutivi nell'area prima che la tappa parta.",
        "Fixes less accurate than this are ignored.": "I fix meno precisi di così sono ignorati.",
        "Entering a later region skips the points before it.": "Entrare in un'area successiva salta le tappe precedenti.",
        "Replay speed; from ×1/2 to ×2 the audio is heard with its pitch kept, beyond it is muted and its clock runs on.": "Velocità; da ×1/2 a ×2 l'audio si sente con la sua intonazione, oltre è muto e il suo orologio continua.",
        KeyRefusal.noMapTiles: "b: questo tour non ha tessere di mappa (walkscape tiles le aggiunge)",
        KeyRefusal.noPreviousPoint: "p: nessuna tappa precedente finché non ne è suonata una seconda",
        KeyRefusal.noNextPoint: "n: nessuna tappa successiva: l'ultima è già stata ascoltata",
        KeyRefusal.nothingToSkip: "n: nulla in riproduzione da saltare",
    ]

    static let french: [String: String] = [
        "Stop": "Étape", "GPS lost": "GPS perdu", "source closed": "source fermée", "GPS weak": "GPS faible", "GPS ok": "GPS ok", "no fix": "pas de fix", "fix": "fix",
        "muted above": "muet au-delà de", "muted below": "muet en deçà de", "paused": "en pause", "Next stop": "Prochaine étape", "inside region": "dans la zone",
        "queued": "en attente", "waiting": "à venir", "playing": "en lecture", "next": "suivante", "queued behind": "en attente après",
        "Tour complete": "Parcours terminé", "points played": "étapes écoutées", "missed": "manquées", "walked": "parcourus",
        "Events": "Événements", "Help": "Aide", "terminal too small: need": "terminal trop petit : il faut",
        "press ? for help": "? pour l'aide", "Quit the tour in progress? (y/n)": "Quitter le parcours en cours ? (o/n)",
        "Support this project": "Soutenir ce projet", "min walk": "min à pied", "h walk": "h à pied", "d walk": "j à pied", "d": "j", "all stops played": "toutes les étapes écoutées", "placeholder": "provisoire",
        "Tours": "Parcours", "filter": "filtre", "all": "tous", "protected": "protégé", "free": "gratuit", "CITY": "VILLE",
        "DURATION": "DURÉE", "DISTANCE": "DISTANCE", "STOPS": "ÉTAPES", "LANGUAGES": "LANGUES", "STATE": "ÉTAT", "TOUR": "PARCOURS",
        "No tours match the filter.": "Aucun parcours ne correspond au filtre.", "not downloaded": "non téléchargé", "unreadable": "illisible",
        "stops": "étapes", "Stops": "Étapes", "Downloaded: every file present.": "Téléchargé : tous les fichiers présents.",
        "Not downloaded": "Non téléchargé", "to fix": "pour corriger", "Walk": "Marche", "no trace found": "aucune trace trouvée",
        "Audio language": "Langue audio", "Subtitles": "Sous-titres", "Queue depth": "File d'attente", "Confirm fixes": "Fixes de confirmation",
        "Min accuracy": "Précision minimale", "Skip missed points": "Sauter les étapes manquées", "Speed": "Vitesse", "auto": "auto",
        "as audio": "comme l'audio", "off": "désactivé", "yes": "oui", "no": "non", "Settings": "Réglages", "Rules": "Règles", "press d to download it now": "d pour le télécharger maintenant",
        "protected: start play with --token T (or WALKSCAPE_TOKEN) to download it here": "protégé : lancez play avec --token T (ou WALKSCAPE_TOKEN) pour le télécharger ici",
        "pause": "pause", "seek": "avancer", "point": "étape", "speed": "vitesse", "log": "journal", "help": "aide",
        "quit": "quitter", "select": "choisir", "open": "ouvrir", "start": "démarrer", "walk": "marche", "tour": "parcours",
        "back": "retour", "choose": "choisir", "change": "changer", "settings": "réglages",
        "play / pause": "lecture / pause", "seek −10 s / +10 s": "reculer / avancer de 10 s",
        "next / previous point": "étape suivante / précédente", "replay the current point": "réécouter l'étape en cours",
        "trace speed (¼× … 64×)": "vitesse de la trace (¼× … 64×)", "step one fix while paused": "un fix à la fois en pause",
        "subtitle language      l  event log": "langue des sous-titres l  journal", "this help              q  quit": "cette aide             q  quitter",
        "select a tour, a setting": "choisir un parcours, un réglage", "open the tour / start the walk": "ouvrir le parcours / démarrer la marche",
        "choose the walk, change a setting": "choisir la marche, changer un réglage",
        "filter: all / protected / free": "filtre : tous / protégés / gratuits", "settings        esc  back": "réglages        esc  retour",
        "this help       q    quit": "cette aide      q    quitter",
        "the walk is paused (clock and audio) while this is open": "la marche est en pause (horloge et audio) tant que c'est ouvert",
        "the walk goes on while this is open": "la marche continue pendant ce temps",
        "pan left / right      f  follow the walker": "déplacer gauche/droite f  suivre le marcheur",
        "pan up / down         z / x  zoom": "déplacer haut / bas    z / x  zoom", "subtitles": "sous-titres", "Loading": "Chargement de", "simulated walk": "marche simulée", "[ ] or - +": "[ ] ou - +",
        "tab or t": "tab ou t", "↑/↓ or j/k": "↑/↓ ou j/k",
        "Walk ended: tour incomplete": "Marche terminée : parcours incomplet", "more": "de plus", "never entered": "jamais atteinte",
        "entered while the queue was full": "atteinte file d'attente pleine", "entered before the points before it": "atteinte avant les précédentes",
        "entered too briefly to trigger": "atteinte trop brièvement", "skipped (a later point was entered)": "sautée (une suivante atteinte)", "fit the route": "tout le parcours",
        "street map under the route": "plan des rues sous le parcours",

        "prd: walkscape's rules; ios-app, android-app: what each phone does; ideal.": "prd : règles de walkscape ; ios-app, android-app : ce que fait chaque téléphone ; ideal.",
        "The narration's language; auto takes yours (LANG) when the tour has it.": "Langue de la narration ; auto prend la vôtre (LANG) si le parcours l'a.",
        "Subtitles follow the heard audio; s in the player cycles them.": "Les sous-titres suivent l'audio entendu ; s dans le lecteur les change.",
        "Points that may wait behind the playing audio (0: no queue).": "Étapes pouvant attendre derrière l'audio en cours (0 : pas de file).",
        "Consecutive fixes inside a region before its point triggers.": "Fixes consécutifs dans la zone avant que l'étape ne démarre.",
        "Fixes less accurate than this are ignored.": "Les fixes moins précis sont ignorés.",
        "Entering a later region skips the points before it.": "Entrer dans une zone suivante saute les étapes précédentes.",
        "Replay speed; from ×1/2 to ×2 the audio is heard with its pitch kept, beyond it is muted and its clock runs on.": "Vitesse ; de ×1/2 à ×2 l'audio s'entend avec sa hauteur, au-delà il est muet et son horloge continue.",
        KeyRefusal.noMapTiles: "b : ce tour n'a pas de tuiles de carte (walkscape tiles les ajoute)",
        KeyRefusal.noPreviousPoint: "p : pas d'étape précédente tant qu'une deuxième n'a pas été jouée",
        KeyRefusal.noNextPoint: "n : pas d'étape suivante : la dernière a été jouée",
        KeyRefusal.nothingToSkip: "n : rien en cours à passer",
    ]
}
