"""Country codes: the two-letter code the system stores (ISO 3166-1 alpha-2, e.g. ES) and its three-letter form
(ISO 3166-1 alpha-3, e.g. ESP) that the ranking body's results file carries (docs/series.md, "The results file").

The table covers the EMA's member countries, the rest of Europe, and the countries whose players most often
come to European events; a code outside it is named by the results file's checks rather than guessed.
Kosovo has no ISO code: XK and XKX are the user-assigned codes in common use."""

ALPHA3 = {
    # Europe
    "AD": "AND", "AL": "ALB", "AM": "ARM", "AT": "AUT", "AZ": "AZE", "BA": "BIH", "BE": "BEL", "BG": "BGR",
    "BY": "BLR", "CH": "CHE", "CY": "CYP", "CZ": "CZE", "DE": "DEU", "DK": "DNK", "EE": "EST", "ES": "ESP",
    "FI": "FIN", "FO": "FRO", "FR": "FRA", "GB": "GBR", "GE": "GEO", "GI": "GIB", "GR": "GRC", "HR": "HRV",
    "HU": "HUN", "IE": "IRL", "IS": "ISL", "IT": "ITA", "LI": "LIE", "LT": "LTU", "LU": "LUX", "LV": "LVA",
    "MC": "MCO", "MD": "MDA", "ME": "MNE", "MK": "MKD", "MT": "MLT", "NL": "NLD", "NO": "NOR", "PL": "POL",
    "PT": "PRT", "RE": "REU", "RO": "ROU", "RS": "SRB", "RU": "RUS", "SE": "SWE", "SI": "SVN", "SK": "SVK",
    "SM": "SMR", "TR": "TUR", "UA": "UKR", "VA": "VAT", "XK": "XKX",
    # Asia and Oceania
    "AU": "AUS", "CN": "CHN", "HK": "HKG", "ID": "IDN", "IL": "ISR", "IN": "IND", "JP": "JPN", "KR": "KOR",
    "KZ": "KAZ", "MO": "MAC", "MY": "MYS", "NZ": "NZL", "PH": "PHL", "SG": "SGP", "TH": "THA", "TW": "TWN",
    "VN": "VNM",
    # The Americas and Africa
    "AR": "ARG", "BR": "BRA", "CA": "CAN", "CL": "CHL", "CO": "COL", "MX": "MEX", "PE": "PER", "US": "USA",
    "UY": "URY", "DZ": "DZA", "EG": "EGY", "MA": "MAR", "TN": "TUN", "ZA": "ZAF",
}  # fmt: skip


def alpha3(code: str) -> str | None:
    """The three-letter form of a stored two-letter code; None when the table has none."""
    return ALPHA3.get((code or "").upper())
