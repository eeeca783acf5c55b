package io.modelgraph.integrations.capture;

import java.util.Set;

/** REDCap's fixed vocabularies: field types, text validation types and alignments, as its upload checks them. */
final class RedcapVocabulary {
    static final Set<String> FIELD_TYPES = Set.of("text", "notes", "radio", "dropdown", "checkbox", "yesno",
            "truefalse", "calc", "file", "slider", "descriptive", "sql");

    /** Today's validation types plus the legacy spellings older dictionaries still carry (date, int, float). */
    static final Set<String> VALIDATION_TYPES = Set.of(
            "date_dmy", "date_mdy", "date_ymd", "datetime_dmy", "datetime_mdy", "datetime_ymd",
            "datetime_seconds_dmy", "datetime_seconds_mdy", "datetime_seconds_ymd", "time", "time_hh_mm_ss",
            "time_mm_ss", "integer", "number", "number_1dp", "number_2dp", "number_3dp", "number_4dp",
            "number_comma_decimal", "number_1dp_comma_decimal", "number_2dp_comma_decimal",
            "number_3dp_comma_decimal", "number_4dp_comma_decimal", "email", "phone", "phone_australia", "phone_uk", "phone_fr", "phone_de", "zipcode",
            "postalcode_australia", "postalcode_canada", "postalcode_french", "postalcode_germany", "postalcode_uk",
            "postalcode_netherlands", "number_6dp", "number_8dp",
            "ssn", "mrn_10d", "mrn_generic", "vmrn", "alpha_only", "signature", "date", "datetime",
            "datetime_seconds", "int", "float");

    static final Set<String> ALIGNMENTS = Set.of("LV", "LH", "RV", "RH");

    static boolean isDate(String validation) {
        return validation.startsWith("date");
    }

    static boolean isTime(String validation) {
        return validation.startsWith("time");
    }

    static boolean isNumber(String validation) {
        return validation.startsWith("number") || validation.equals("integer") || validation.equals("int")
                || validation.equals("float");
    }

    private RedcapVocabulary() {
    }
}
