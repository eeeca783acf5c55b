package io.modelgraph.integrations.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DictionaryValidatorTest {

    private static List<String> errors(String rows) throws Exception {
        return DictionaryValidator.validate(DictionaryReader.read(Dictionaries.HEADER + "\n"
                + "record_id,demo,,text,ID,,,,,,,,,,,,,\n" + rows)).stream()
                .map(c -> c.severity() + " " + c.where() + " " + c.message()).toList();
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
    void eachUploadRuleIsChecked() throws Exception {
        assertTrue(errors("Bad_Name,demo,,text,x,,,,,,,,,,,,,\n").get(0).contains("must start with a lowercase"));
        assertTrue(errors("a,demo,,text,x,,,,,,,,,,,,,\na,demo,,text,y,,,,,,,,,,,,,\n").get(0)
                .contains("more than once"));
        assertTrue(errors("redcap_event_name,demo,,text,x,,,,,,,,,,,,,\n").get(0).contains("reserved"));
        assertTrue(errors("demo_complete,demo,,text,x,,,,,,,,,,,,,\n").get(0).contains("reserved"));
        assertTrue(errors("a,other,,text,x,,,,,,,,,,,,,\nb,demo,,text,x,,,,,,,,,,,,,\n").get(0)
                .contains("contiguous"));
        assertTrue(errors("a,demo,,colour,x,,,,,,,,,,,,,\n").get(0).contains("Field type 'colour'"));
        assertTrue(errors("a,demo,,text,x,,,date_xyz,,,,,,,,,,\n").get(0).contains("date_xyz"));
        assertTrue(errors("a,demo,,radio,x,\"1, a | 1,5, b\",,,,,,,,,,,,\n").isEmpty() == false);
        assertTrue(errors("a,demo,,radio,x,,,,,,,,,,,,,\n").get(0).contains("no choices"));
        assertTrue(errors("a,demo,,radio,x,\"1 2, a\",,,,,,,,,,,,\n").get(0).contains("Choice code"));
        assertTrue(errors("a,demo,,text,x,,,,1,9,,,,,,,,\n").get(0).contains("Min and max"));
        assertTrue(errors("a,demo,,text,x,,,,,,yes,,,,,,,\n").get(0).contains("'y' or blank"));
        assertTrue(errors("a,demo,,text,x,,,,,,,,,XX,,,,\n").get(0).contains("LV, LH, RV or RH"));
        assertTrue(errors("a,demo,,text,x,,,,,,,[nowhere] = 1,,,,,,\n").get(0).contains("[nowhere]"));
        assertTrue(errors("m1,demo,,radio,x,\"1, a\",,,,,,,,,,g,,\nm2,demo,,checkbox,x,\"1, a\",,,,,,,,,,g,,\n")
                .get(0).contains("all radio or all checkbox"));
        List<String> longName = errors("a_very_long_variable_name_over_26,demo,,text,x,,,,,,,,,,,,,\n");
        assertTrue(longName.get(0).startsWith("WARNING"), longName.toString());
    }
}
