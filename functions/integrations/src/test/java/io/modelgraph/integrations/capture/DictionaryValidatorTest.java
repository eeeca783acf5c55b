package io.modelgraph.integrations.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** REDCap's upload rules, one test per rule: a dictionary breaking it gives the error that names it. */
class DictionaryValidatorTest {

    /** The dictionary's problems after a valid first field, each as "severity where message". */
    private static List<String> errors(String rows) throws Exception {
        return DictionaryValidator.validate(DictionaryReader.read(Dictionaries.HEADER + "\n"
                + "record_id,demo,,text,ID,,,,,,,,,,,,,\n" + rows)).stream()
                .map(c -> c.severity() + " " + c.where() + " " + c.message()).toList();
    }

    /** The first problem found in {@code rows} mentions {@code expected}. */
    private static void firstErrorSays(String rows, String expected) throws Exception {
        List<String> found = errors(rows);
        assertTrue(!found.isEmpty() && found.get(0).contains(expected), "expected '" + expected + "' first in "
                + found);
    }

    @Test
    void aGoodDictionaryPasses() throws Exception {
        assertEquals(List.of(), DictionaryValidator.validate(DictionaryReader.read(Dictionaries.STUDY)));
    }

    /** A cell's unknown references are worked out once per distinct text, and still reported on every field. */
    @Test
    void theSameLogicOnManyFieldsIsReportedOnEachOnceANameAndInOrder() throws Exception {
        String logic = "[nowhere] = 1 and [a] = 1 or [elsewhere] = 2 and [nowhere] = 3";
        List<String> found = errors("a,demo,,text,x,,,,,,,,,,,,,\n"
                + "b,demo,,text,x,,,,,,,\"" + logic + "\",,,,,,\n"
                + "c,demo,,notes,x,,,,,,,\"" + logic + "\",,,,,,\n");
        assertEquals(List.of(
                "ERROR row 4, column L Branching logic of 'b' names [nowhere], which is no field of this dictionary.",
                "ERROR row 4, column L Branching logic of 'b' names [elsewhere], which is no field of this dictionary.",
                "ERROR row 5, column L Branching logic of 'c' names [nowhere], which is no field of this dictionary.",
                "ERROR row 5, column L Branching logic of 'c' names [elsewhere], which is no field of this dictionary."),
                found);
    }

    @Test
    void aVariableNameStartsWithALowercaseLetter() throws Exception {
        firstErrorSays("Bad_Name,demo,,text,x,,,,,,,,,,,,,\n", "must start with a lowercase");
    }

    @Test
    void aVariableNameIsUsedOnce() throws Exception {
        firstErrorSays("a,demo,,text,x,,,,,,,,,,,,,\na,demo,,text,y,,,,,,,,,,,,,\n", "more than once");
    }

    @Test
    void theEventNameIsReserved() throws Exception {
        firstErrorSays("redcap_event_name,demo,,text,x,,,,,,,,,,,,,\n", "reserved");
    }

    @Test
    void anInstrumentsCompleteFieldIsReserved() throws Exception {
        firstErrorSays("demo_complete,demo,,text,x,,,,,,,,,,,,,\n", "reserved");
    }

    @Test
    void anInstrumentsFieldsAreContiguous() throws Exception {
        firstErrorSays("a,other,,text,x,,,,,,,,,,,,,\nb,demo,,text,x,,,,,,,,,,,,,\n", "contiguous");
    }

    @Test
    void theFieldTypeIsOneREDCapKnows() throws Exception {
        firstErrorSays("a,demo,,colour,x,,,,,,,,,,,,,\n", "Field type 'colour'");
    }

    @Test
    void theValidationIsOneREDCapKnows() throws Exception {
        firstErrorSays("a,demo,,text,x,,,date_xyz,,,,,,,,,,\n", "date_xyz");
    }

    @Test
    void aChoiceCodeUsedTwiceInAFieldIsAWarning() throws Exception {
        List<String> found = errors("a,demo,,radio,x,\"1, a | 1,5, b\",,,,,,,,,,,,\n");
        assertTrue(!found.isEmpty() && found.get(0).startsWith("WARNING")
                && found.get(0).contains("Choice code '1' is used more than once"), found.toString());
    }

    @Test
    void aChoiceFieldHasChoices() throws Exception {
        firstErrorSays("a,demo,,radio,x,,,,,,,,,,,,,\n", "no choices");
    }

    @Test
    void aChoiceCodeHoldsOnlyLettersDigitsAndUnderscores() throws Exception {
        firstErrorSays("a,demo,,radio,x,\"1 2, a\",,,,,,,,,,,,\n", "Choice code");
    }

    @Test
    void minAndMaxNeedAValidation() throws Exception {
        firstErrorSays("a,demo,,text,x,,,,1,9,,,,,,,,\n", "Min and max");
    }

    @Test
    void identifierIsYOrBlank() throws Exception {
        firstErrorSays("a,demo,,text,x,,,,,,yes,,,,,,,\n", "'y' or blank");
    }

    @Test
    void customAlignmentIsOneOfFour() throws Exception {
        firstErrorSays("a,demo,,text,x,,,,,,,,,XX,,,,\n", "LV, LH, RV or RH");
    }

    @Test
    void branchingLogicNamesExistingFields() throws Exception {
        firstErrorSays("a,demo,,text,x,,,,,,,[nowhere] = 1,,,,,,\n", "[nowhere]");
    }

    @Test
    void aMatrixGroupIsAllRadioOrAllCheckbox() throws Exception {
        firstErrorSays("m1,demo,,radio,x,\"1, a\",,,,,,,,,,g,,\nm2,demo,,checkbox,x,\"1, a\",,,,,,,,,,g,,\n",
                "all radio or all checkbox");
    }

    @Test
    void aVariableNameOver26CharactersIsAWarning() throws Exception {
        List<String> longName = errors("a_very_long_variable_name_over_26,demo,,text,x,,,,,,,,,,,,,\n");
        assertTrue(!longName.isEmpty() && longName.get(0).startsWith("WARNING"), longName.toString());
    }
}
