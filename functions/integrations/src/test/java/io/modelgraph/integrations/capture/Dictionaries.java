package io.modelgraph.integrations.capture;

/** Small dictionaries written for the tests (the corpus is only read by the conformance profile). */
final class Dictionaries {
    static final String HEADER = "\"Variable / Field Name\",\"Form Name\",\"Section Header\",\"Field Type\","
            + "\"Field Label\",\"Choices, Calculations, OR Slider Labels\",\"Field Note\","
            + "\"Text Validation Type OR Show Slider Number\",\"Text Validation Min\",\"Text Validation Max\","
            + "Identifier?,\"Branching Logic (Show field only if...)\",\"Required Field?\",\"Custom Alignment\","
            + "\"Question Number (surveys only)\",\"Matrix Group Name\",\"Matrix Ranking?\",\"Field Annotation\"";

    /** Two instruments: demographics (PHI, a radio, a date) and visits (a number with a range, a checkbox). */
    static final String STUDY = HEADER + "\n"
            + "record_id,demographics,,text,\"Study ID\",,,,,,,,,,,,,\n"
            + "name_first,demographics,\"Contact\",text,\"First name\",,,,,,y,,y,,,,,\n"
            + "dob,demographics,,text,\"Date of birth\",,,date_ymd,,,y,,,,,,,\n"
            + "sex,demographics,,radio,Sex,\"0, Female | 1, Male\",,,,,,,y,,,,,\n"
            + "weight,visits,,text,\"Weight (kg)\",,,number,2,300,,,,,,,,\n"
            + "symptoms,visits,,checkbox,Symptoms,\"1, Fever | 2, Cough | 3, Fatigue\",,,,,,\"[weight] > 0\",,,,,,\n"
            + "notes,visits,,notes,\"Notes\",,,,,,,,,,,,,@HIDDEN\n";

    private Dictionaries() {
    }
}
