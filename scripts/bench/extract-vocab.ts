// Words of the extraction benchmark corpus (scripts/bench/extract-corpus.ts): the labels each language
// writes for each field (several variants, as real documents do), names, addresses, items, and prose
// templates for the header fields of invoices and purchase orders.
export type Lang = "en" | "de" | "fr";
type R = () => number;
const pick = <T,>(r: R, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

interface Labels {
  invoice_title: string; po_title: string; form_title: string; statement_title: string; contacts_title: string; contact: string;
  invoice_number: string[]; invoice_date: string[]; due_date: string[]; vendor: string[]; customer: string[]; email: string[];
  currency: string[]; subtotal: string[]; tax: string[]; total: string[];
  item_description: string[]; item_quantity: string[]; item_unit_price: string[]; item_amount: string[]; item_sku: string[];
  po_number: string[]; order_date: string[]; delivery_date: string[]; buyer: string[]; supplier: string[]; payment_terms: string[];
  terms_values: string[]; po_total: string[];
  first_name: string[]; last_name: string[]; date_of_birth: string[]; phone: string[]; street: string[]; postal_code: string[];
  city: string[]; country: string[]; membership: string[]; newsletter: string[]; yes: string[]; no: string[]; name: string[];
  account_holder: string[]; tx_date: string[]; tx_description: string[]; tx_amount: string[]; transactions: string[];
}

export const LABELS: Record<Lang, Labels> = {
  en: {
    invoice_title: "INVOICE", po_title: "PURCHASE ORDER", form_title: "Membership Application", statement_title: "Account Statement", contacts_title: "Contact List", contact: "Contact",
    invoice_number: ["Invoice No.", "Invoice Number", "Invoice #", "Invoice ID"],
    invoice_date: ["Invoice Date", "Date", "Date of Issue", "Issue Date"],
    due_date: ["Due Date", "Payment Due", "Due By"],
    vendor: ["From", "Seller", "Supplier", "Vendor"],
    customer: ["Bill To", "Customer", "Billed To", "Client"],
    email: ["Email", "E-mail", "Email Address"],
    currency: ["Currency"],
    subtotal: ["Subtotal", "Net Amount", "Total excl. VAT"],
    tax: ["VAT ({rate}%)", "Tax", "VAT Amount", "Sales Tax"],
    total: ["Total", "Total Due", "Amount Due", "Grand Total", "Total incl. VAT"],
    item_description: ["Description", "Item", "Service"], item_quantity: ["Qty", "Quantity", "Units"],
    item_unit_price: ["Unit Price", "Price", "Rate"], item_amount: ["Amount", "Line Total", "Total"], item_sku: ["SKU", "Item No.", "Part Number"],
    po_number: ["PO Number", "Purchase Order No.", "Order Number"], order_date: ["Order Date", "Date"],
    delivery_date: ["Delivery Date", "Requested Delivery Date", "Ship Date"], buyer: ["Buyer", "Ordered By", "Customer"],
    supplier: ["Supplier", "Vendor"], payment_terms: ["Payment Terms", "Terms"],
    terms_values: ["Net 30", "Net 60", "2/10 Net 30", "Due on receipt"], po_total: ["Total", "Order Total"],
    first_name: ["First Name", "Given Name"], last_name: ["Last Name", "Surname"], date_of_birth: ["Date of Birth", "Birth Date"],
    phone: ["Phone", "Telephone", "Phone Number"], street: ["Street", "Street Address", "Address"], postal_code: ["ZIP Code", "Postcode", "Postal Code"],
    city: ["City", "Town"], country: ["Country"], membership: ["Membership Type", "Plan"], newsletter: ["Newsletter", "Subscribe to newsletter"],
    yes: ["Yes", "yes", "[x]"], no: ["No", "no"], name: ["Name", "Full Name"],
    account_holder: ["Account Holder", "Account holder name"], tx_date: ["Date", "Booking Date"], tx_description: ["Description", "Details"], tx_amount: ["Amount"],
    transactions: ["Card payment SUPERMARKET", "Salary", "Rent", "Transfer to savings", "Electricity bill", "Online order", "ATM withdrawal"],
  },
  de: {
    invoice_title: "RECHNUNG", po_title: "BESTELLUNG", form_title: "Mitgliedsantrag", statement_title: "Kontoauszug", contacts_title: "Kontaktliste", contact: "Kontakt",
    invoice_number: ["Rechnungsnummer", "Rechnungs-Nr.", "Rechnung Nr."],
    invoice_date: ["Rechnungsdatum", "Datum"],
    due_date: ["Fällig am", "Fälligkeitsdatum", "Zahlbar bis"],
    vendor: ["Lieferant", "Verkäufer", "Rechnungssteller"],
    customer: ["Kunde", "Rechnungsempfänger", "Rechnung an"],
    email: ["E-Mail", "E-Mail-Adresse"],
    currency: ["Währung"],
    subtotal: ["Zwischensumme", "Nettobetrag", "Summe netto"],
    tax: ["MwSt. {rate} %", "USt. ({rate} %)", "Mehrwertsteuer"],
    total: ["Gesamtbetrag", "Rechnungsbetrag", "Endbetrag", "Gesamtsumme"],
    item_description: ["Beschreibung", "Bezeichnung", "Leistung"], item_quantity: ["Menge", "Anzahl"],
    item_unit_price: ["Einzelpreis", "Preis"], item_amount: ["Betrag", "Gesamtpreis", "Gesamt"], item_sku: ["Art.-Nr.", "Artikelnummer"],
    po_number: ["Bestellnummer", "Bestell-Nr."], order_date: ["Bestelldatum", "Datum"], delivery_date: ["Liefertermin", "Lieferdatum"],
    buyer: ["Besteller", "Auftraggeber", "Käufer"], supplier: ["Lieferant"], payment_terms: ["Zahlungsbedingungen", "Zahlungsziel"],
    terms_values: ["30 Tage netto", "14 Tage 2 % Skonto", "Sofort ohne Abzug"], po_total: ["Gesamtsumme", "Bestellwert"],
    first_name: ["Vorname"], last_name: ["Nachname", "Familienname"], date_of_birth: ["Geburtsdatum", "Geboren am"],
    phone: ["Telefon", "Telefonnummer"], street: ["Straße", "Straße und Hausnummer", "Anschrift"], postal_code: ["PLZ", "Postleitzahl"],
    city: ["Ort", "Stadt", "Wohnort"], country: ["Land"], membership: ["Mitgliedschaft", "Mitgliedsart"], newsletter: ["Newsletter", "Newsletter abonnieren"],
    yes: ["Ja", "ja", "[x]"], no: ["Nein", "nein"], name: ["Name"],
    account_holder: ["Kontoinhaber"], tx_date: ["Datum", "Buchungstag"], tx_description: ["Verwendungszweck", "Beschreibung"], tx_amount: ["Betrag"],
    transactions: ["Kartenzahlung SUPERMARKT", "Gehalt", "Miete", "Übertrag Sparkonto", "Stromrechnung", "Online-Bestellung", "Bargeldauszahlung"],
  },
  fr: {
    invoice_title: "FACTURE", po_title: "BON DE COMMANDE", form_title: "Demande d'adhésion", statement_title: "Relevé de compte", contacts_title: "Liste de contacts", contact: "Contact",
    invoice_number: ["N° de facture", "Numéro de facture", "Facture n°"],
    invoice_date: ["Date de facture", "Date", "Date d'émission"],
    due_date: ["Date d'échéance", "Échéance", "À payer avant le"],
    vendor: ["Fournisseur", "Vendeur", "Émetteur"],
    customer: ["Client", "Facturé à", "Destinataire"],
    email: ["Courriel", "E-mail", "Adresse e-mail"],
    currency: ["Devise"],
    subtotal: ["Total HT", "Sous-total", "Montant HT"],
    tax: ["TVA ({rate} %)", "Montant TVA", "TVA {rate} %"],
    total: ["Total TTC", "Montant total", "Net à payer"],
    item_description: ["Désignation", "Description", "Libellé"], item_quantity: ["Quantité", "Qté"],
    item_unit_price: ["Prix unitaire", "Prix"], item_amount: ["Montant", "Total"], item_sku: ["Référence", "Réf."],
    po_number: ["N° de commande", "Bon de commande n°"], order_date: ["Date de commande", "Date"], delivery_date: ["Date de livraison", "Livraison prévue"],
    buyer: ["Acheteur", "Client"], supplier: ["Fournisseur"], payment_terms: ["Conditions de paiement", "Modalités de paiement"],
    terms_values: ["30 jours fin de mois", "À réception", "45 jours net"], po_total: ["Total", "Montant total"],
    first_name: ["Prénom"], last_name: ["Nom", "Nom de famille"], date_of_birth: ["Date de naissance", "Né(e) le"],
    phone: ["Téléphone", "Tél."], street: ["Adresse", "Rue"], postal_code: ["Code postal", "CP"],
    city: ["Ville", "Localité"], country: ["Pays"], membership: ["Type d'adhésion", "Formule"], newsletter: ["Newsletter", "Inscription à la newsletter"],
    yes: ["Oui", "oui", "[x]"], no: ["Non", "non"], name: ["Nom", "Nom complet"],
    account_holder: ["Titulaire du compte"], tx_date: ["Date", "Date d'opération"], tx_description: ["Libellé", "Description"], tx_amount: ["Montant"],
    transactions: ["Paiement carte SUPERMARCHÉ", "Salaire", "Loyer", "Virement épargne", "Facture électricité", "Commande en ligne", "Retrait DAB"],
  },
};

export const NAMES: Record<Lang, { companies: string[]; first: string[]; last: string[]; phones: string[]; addresses: [string, string, string][]; country: string }> = {
  en: {
    companies: ["Acme Supplies Ltd", "Northwind Traders", "Blue Harbor Inc.", "Greenfield Consulting LLC", "Summit Office Products", "Riverside Analytics"],
    first: ["James", "Olivia", "Henry", "Charlotte", "Noah", "Amelia"], last: ["Smith", "Johnson", "Walker", "Bennett", "Carter", "Hughes"],
    phones: ["+44 20 7946 0958", "+1 415 555 0142", "(212) 555-0187", "+44 161 496 0732"],
    addresses: [["221 Baker Street", "NW1 6XE", "London"], ["14 Elm Road", "M1 2AB", "Manchester"], ["350 Fifth Avenue", "10118", "New York"]],
    country: "United Kingdom",
  },
  de: {
    companies: ["Müller GmbH", "Schneider & Söhne KG", "Becker Logistik AG", "Hoffmann IT-Service GmbH", "Wagner Bürobedarf", "Schulz Maschinenbau GmbH"],
    first: ["Lukas", "Anna", "Jürgen", "Sophie", "Maximilian", "Lena"], last: ["Müller", "Schmidt", "Weiß", "Fischer", "Krüger", "Becker"],
    phones: ["+49 30 1234567", "030 98765432", "+49 89 4455 667", "0221 3344556"],
    addresses: [["Hauptstraße 12", "10115", "Berlin"], ["Königsallee 45", "40212", "Düsseldorf"], ["Marienplatz 3", "80331", "München"]],
    country: "Deutschland",
  },
  fr: {
    companies: ["Dupont SARL", "Société Générale des Fournitures", "Lefèvre & Fils", "Atelier Moreau SAS", "Bureau Plus SA", "Girard Informatique"],
    first: ["Camille", "Louis", "Chloé", "Théo", "Élodie", "Hugo"], last: ["Dupont", "Martin", "Lefèvre", "Moreau", "Girard", "Rousseau"],
    phones: ["+33 1 42 68 53 00", "01 45 67 89 10", "+33 4 91 23 45 67", "06 12 34 56 78"],
    addresses: [["12 rue de Rivoli", "75001", "Paris"], ["8 place Bellecour", "69002", "Lyon"], ["25 cours Mirabeau", "13100", "Aix-en-Provence"]],
    country: "France",
  },
};

export const ITEMS: Record<Lang, string[]> = {
  en: ["Consulting services", "Office chairs", "Laptop stand", "Software licence (annual)", "Printer paper A4", "On-site support", "Travel expenses", "USB-C cables", "Project management"],
  de: ["Beratungsleistung", "Bürostühle", "Laptopständer", "Softwarelizenz (jährlich)", "Druckerpapier A4", "Vor-Ort-Support", "Reisekosten", "USB-C-Kabel", "Projektmanagement"],
  fr: ["Prestation de conseil", "Chaises de bureau", "Support pour ordinateur", "Licence logicielle (annuelle)", "Papier A4", "Assistance sur site", "Frais de déplacement", "Câbles USB-C", "Gestion de projet"],
};

/** Header fields of an invoice / purchase order as sentences. Values in the order the generators list them. */
export const PROSE: Record<Lang, { invoice: (v: string[], r: R) => string; po: (v: string[], r: R) => string }> = {
  en: {
    invoice: ([num, date, due, vendor, customer, email, iban, cur], r) =>
      `${pick(r, ["This is invoice", "Please find invoice"])} ${num} dated ${date} from ${vendor}, billed to ${customer}. ` +
      `Payment is due by ${due}. All amounts are in ${cur}. Please transfer the total to IBAN ${iban} and send any questions to ${email}.`,
    po: ([num, date, delivery, buyer, supplier, terms]) =>
      `${buyer} (the buyer) places purchase order ${num} dated ${date} with supplier ${supplier}. ` +
      `Requested delivery date ${delivery}. Payment terms: ${terms}.`,
  },
  de: {
    invoice: ([num, date, due, vendor, customer, email, iban, cur]) =>
      `Wir, ${vendor} (Lieferant), stellen Ihnen mit Rechnungsnummer ${num} vom ${date} folgende Leistungen in Rechnung. ` +
      `Rechnungsempfänger ist ${customer}. Der Betrag ist zahlbar bis ${due} in ${cur} auf das Konto IBAN ${iban}. Rückfragen bitte an ${email}.`,
    po: ([num, date, delivery, buyer, supplier, terms]) =>
      `Hiermit bestellt ${buyer} (Besteller) unter der Bestellnummer ${num} vom ${date} beim Lieferanten ${supplier} die folgenden Artikel. ` +
      `Liefertermin ist der ${delivery}. Zahlungsbedingungen: ${terms}.`,
  },
  fr: {
    invoice: ([num, date, due, vendor, customer, email, iban, cur]) =>
      `Facture n° ${num} émise le ${date} par ${vendor} (fournisseur) à l'attention du client ${customer}. ` +
      `Date d'échéance : ${due}. Devise : ${cur}. Règlement par virement sur l'IBAN ${iban} ; contact : ${email}.`,
    po: ([num, date, delivery, buyer, supplier, terms]) =>
      `Bon de commande n° ${num} du ${date} passé par ${buyer} (acheteur) auprès du fournisseur ${supplier}. ` +
      `Date de livraison : ${delivery}. Conditions de paiement : ${terms}.`,
  },
};
