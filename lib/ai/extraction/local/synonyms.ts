// Label synonyms across English, German and French for the fields business documents usually carry.
// A schema property is linked to a concept when its name, title or a description phrase is one of the
// concept's phrases; the concept's other phrases then count as labels of that property. Phrases are written
// folded (lower case, no accents) and tokenised like labels (see normalizeLabel).

export const CONCEPTS: Record<string, string[]> = {
  invoice_number: ["invoice number", "invoice id", "invoice", "bill number", "invoice reference", "rechnungsnummer", "rechnung number", "rechnungs number", "rechnung", "belegnummer", "number de facture", "facture number", "facture", "number facture", "reference facture"],
  invoice_date: ["issued", "date issued", "ausgestellt am", "emis le", "booking date", "transaction date", "value date", "buchungstag", "buchungsdatum", "valuta", "wertstellung", "date d operation", "date de valeur", "date operation", "dated", "vom", "datiert", "invoice date", "date", "issue date", "date of issue", "issued on", "dated", "billing date", "rechnungsdatum", "datum", "ausstellungsdatum", "belegdatum", "date de facture", "date facture", "date d emission", "date de facturation", "emise le"],
  due_date: ["due date", "payment due", "due", "due by", "pay by", "payment due date", "payable by", "faelligkeitsdatum", "falligkeitsdatum", "fallig am", "faellig am", "fallig", "zahlbar bis", "falligkeit", "zahlungsziel datum", "date d echeance", "echeance", "date limite de paiement", "a payer avant", "payable avant", "date limite"],
  total: ["order total", "bestellwert", "auftragswert", "total commande", "montant de la commande", "total", "total amount", "amount due", "grand total", "total due", "balance due", "invoice total", "total payable", "amount payable", "total incl vat", "total including vat", "total incl tax", "gesamtbetrag", "gesamtsumme", "endbetrag", "rechnungsbetrag", "zu zahlen", "zahlbetrag", "summe brutto", "bruttobetrag", "gesamt brutto", "brutto", "gesamtbetrag brutto", "montant total", "total ttc", "montant ttc", "net a payer", "total a payer", "montant a payer"],
  subtotal: ["net", "net total", "total net amount", "subtotal", "sub total", "net amount", "net total", "total net", "total excl vat", "total excluding vat", "total before tax", "amount before tax", "zwischensumme", "nettobetrag", "netto", "summe netto", "gesamt netto", "nettosumme", "sous total", "total ht", "montant ht", "montant hors taxes", "total hors taxes"],
  tax: ["vat", "tax", "sales tax", "vat amount", "tax amount", "tax total", "total tax", "total vat", "mwst", "ust", "mehrwertsteuer", "umsatzsteuer", "mwst betrag", "steuerbetrag", "steuer", "tva", "montant tva", "montant de la tva", "total tva", "taxe", "taxes"],
  tax_rate: ["vat rate", "tax rate", "vat percent", "tax percent", "mwst satz", "steuersatz", "ust satz", "taux de tva", "taux tva", "taux"],
  vat_id: ["vat id", "vat number", "vat reg number", "vat registration number", "tax id", "tax number", "ust idnr", "ust id", "ust id number", "umsatzsteuer id", "umsatzsteuer identifikationsnummer", "steuernummer", "number tva", "number de tva", "tva intracommunautaire", "number tva intracommunautaire", "siret", "siren"],
  currency: ["currency", "currency code", "waehrung", "wahrung", "devise", "monnaie"],
  vendor: ["vendor", "supplier", "seller", "from", "issued by", "billed by", "lieferant", "verkaufer", "anbieter", "rechnungssteller", "absender", "fournisseur", "vendeur", "emetteur", "prestataire", "expediteur"],
  customer: ["rechnung an", "facture a", "factures a", "facturer a", "ordered by", "placed by", "purchaser", "bestellt von", "commande par", "commandé par", "customer", "client", "buyer", "bill to", "billed to", "sold to", "invoice to", "kunde", "kaufer", "rechnungsempfanger", "auftraggeber", "besteller", "empfanger", "acheteur", "destinataire"],
  purchase_order_number: ["purchase order number", "purchase order", "po number", "po", "order", "order number", "order id", "order reference", "bestellnummer", "bestellung", "bestell number", "auftragsnummer", "auftrag number", "number de commande", "bon de commande", "commande", "number commande", "reference commande"],
  order_date: ["date", "datum", "dated", "vom", "datiert", "order date", "date of order", "ordered on", "bestelldatum", "auftragsdatum", "bestellt am", "date de commande", "date commande"],
  delivery_date: ["delivery date", "ship date", "shipping date", "expected delivery", "deliver by", "requested delivery date", "lieferdatum", "liefertermin", "lieferung bis", "date de livraison", "livraison", "livraison prevue", "date livraison"],
  payment_terms: ["payment terms", "terms", "terms of payment", "zahlungsbedingungen", "zahlungsziel", "zahlungskonditionen", "conditions de paiement", "modalites de paiement", "conditions de reglement", "delai de paiement"],
  iban: ["iban", "bank account", "account iban", "konto", "bankverbindung", "kontonummer", "compte bancaire", "rib", "compte"],
  bic: ["bic", "swift", "swift code", "bic swift", "swift bic", "bic code", "code bic"],
  email: ["email", "e mail", "mail", "email address", "e mail address", "e mail adresse", "email adresse", "courriel", "adresse e mail", "adresse email", "adresse electronique"],
  phone: ["phone", "telephone", "tel", "phone number", "telephone number", "mobile", "mobile number", "telefon", "telefonnummer", "handy", "mobil", "telephone number", "number de telephone", "portable", "tel portable"],
  full_name: ["nom", "name", "full name", "applicant", "applicant name", "contact name", "vollstandiger name", "name vollstandig", "antragsteller", "nom complet", "nom et prenom", "nom prenom", "demandeur"],
  first_name: ["first name", "given name", "forename", "vorname", "prenom"],
  last_name: ["last name", "surname", "family name", "nachname", "familienname", "nom de famille", "nom"],
  date_of_birth: ["date of birth", "birth date", "dob", "born", "born on", "birthday", "geburtsdatum", "geboren am", "geboren", "date de naissance", "ne le", "nee le", "ne e le"],
  street: ["street", "street address", "address", "address line", "strasse", "anschrift", "adresse", "strasse und hausnummer", "rue", "adresse postale", "voie"],
  city: ["city", "town", "stadt", "ort", "wohnort", "ville", "localite", "commune"],
  postal_code: ["postal code", "zip", "zip code", "postcode", "post code", "plz", "postleitzahl", "code postal", "cp"],
  country: ["country", "land", "staat", "pays"],
  company: ["company", "company name", "organisation", "organization", "employer", "firma", "unternehmen", "arbeitgeber", "firmenname", "societe", "entreprise", "raison sociale", "employeur"],
  quantity: ["hours", "hrs", "days", "stunden", "heures", "jours", "quantity", "qty", "quantities", "units", "count", "menge", "anzahl", "stuck", "stk", "quantite", "qte", "nombre", "nb"],
  unit_price: ["unit price", "price", "price per unit", "unit cost", "rate", "einzelpreis", "stuckpreis", "preis", "e preis", "preis pro einheit", "prix unitaire", "pu", "prix", "prix unit", "tarif"],
  line_amount: ["amount", "line total", "total", "line amount", "betrag", "gesamtpreis", "gesamt", "summe", "montant", "total ligne", "prix total", "montant ht"],
  description: ["verwendungszweck", "buchungstext", "purpose", "particulars", "narrative", "motif", "objet", "description", "item", "item description", "article", "product", "service", "details", "designation", "beschreibung", "bezeichnung", "artikel", "leistung", "artikelbezeichnung", "produit", "libelle", "prestation"],
  sku: ["sku", "item code", "article number", "part number", "product code", "item number", "artikelnummer", "art number", "artikel number", "reference", "ref", "code article", "code produit"],
  unit: ["unit", "uom", "unit of measure", "einheit", "unite"],
  customer_number: ["customer number", "customer id", "customer no", "account number", "client id", "kundennummer", "kunden number", "kunden id", "number client", "number de client", "code client"],
  reference: ["reference", "ref", "your reference", "our reference", "referenz", "ihr zeichen", "unser zeichen", "votre reference", "notre reference"],
  notes: ["notes", "note", "comments", "comment", "remarks", "memo", "bemerkungen", "anmerkungen", "hinweis", "notizen", "remarques", "commentaires", "observations"],
  account_holder: ["account holder", "account holder name", "account name", "account owner", "kontoinhaber", "inhaber", "kontoinhaberin", "titulaire du compte", "titulaire"],
  gender: ["gender", "sex", "geschlecht", "sexe", "civilite", "anrede", "title", "salutation"],
  nationality: ["nationality", "citizenship", "staatsangehorigkeit", "nationalitat", "nationalite"],
  newsletter: ["newsletter", "subscribe to newsletter", "newsletter subscription", "subscribe", "opt in", "newsletter abonnieren", "newsletter abonnement", "abonnement newsletter", "s abonner", "inscription newsletter", "lettre d information"],
  signature_date: ["signature date", "date signed", "signed on", "unterschrieben am", "datum unterschrift", "date de signature", "signe le", "fait le"],
  start_date: ["start date", "starting date", "begin", "commencement date", "beginn", "startdatum", "eintrittsdatum", "date de debut", "debut", "date d entree"],
  end_date: ["end date", "expiry date", "expiration date", "valid until", "enddatum", "ablaufdatum", "gultig bis", "date de fin", "fin", "valable jusqu au", "date d expiration"],
  membership_type: ["membership type", "membership", "plan", "tier", "mitgliedschaft", "mitgliedsart", "type d adhesion", "adhesion", "formule", "abonnement"],
  amount: ["amount", "sum", "value", "betrag", "summe", "wert", "montant", "somme", "valeur"],
  status: ["status", "state", "zustand", "statut", "etat"],
  shipping_address: ["shipping address", "ship to", "delivery address", "deliver to", "lieferadresse", "lieferanschrift", "liefern an", "adresse de livraison", "livrer a"],
  billing_address: ["billing address", "bill to address", "invoice address", "rechnungsadresse", "rechnungsanschrift", "adresse de facturation"],
  contact_person: ["contact", "contact person", "attention", "attn", "ansprechpartner", "kontakt", "ansprechperson", "contact", "interlocuteur", "a l attention de"],
};

/**
 * Abbreviations and spelling variants folded into one token before matching (`no.`, `nr.`, `n°`, `#`,
 * `nummer`, `numero` → number; `e-mail` → e mail…). Applied per token after folding.
 */
export const TOKEN_ALIASES: Record<string, string> = {
  no: "number", nr: "number", "n°": "number", "nº": "number", "#": "number", num: "number", nummer: "number", numero: "number", n: "number", number: "number", nos: "number",
  qte: "qte", qté: "qte", tel: "tel", telephone: "telephone", "tél": "tel", ph: "phone",
  addr: "address", adr: "adresse", str: "strasse", incl: "incl", inkl: "incl", including: "incl", excl: "excl", exkl: "excl", excluding: "excl", zzgl: "excl",
  emailaddress: "email", eur: "", usd: "", gbp: "", chf: "", "€": "", "$": "", "£": "", in: "", "%": "",
};

/** Words that carry no label meaning: dropped from labels and property names before matching. */
export const LABEL_STOPWORDS = new Set(["the", "of", "your", "our", "de", "du", "des", "la", "le", "les", "l", "d", "der", "die", "das", "des", "den", "ihre", "votre", "vos", "in", "en", "im", "please", "bitte", "field", "value", "text"]);
