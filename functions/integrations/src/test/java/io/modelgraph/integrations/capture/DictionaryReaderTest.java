package io.modelgraph.integrations.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class DictionaryReaderTest {

    @Test
    void readsFormsFieldsAndEveryColumn() throws Exception {
        DataDictionary d = DictionaryReader.read(Dictionaries.STUDY);
        assertEquals(DataDictionary.HeaderStyle.STANDARD, d.headerStyle());
        assertEquals(List.of("demographics", "visits"), List.copyOf(d.forms().keySet()));
        DictionaryField sex = d.fields().get(3);
        assertEquals("sex", sex.variable());
        assertEquals(List.of("0", "1"), Choices.parse(sex.get(Column.CHOICES)).codes());
        assertTrue(sex.required());
        assertEquals("@HIDDEN", d.fields().get(6).get(Column.FIELD_ANNOTATION));
        assertEquals(64, d.fingerprint().length());
    }

    @Test
    void bomCrlfAndMultiLineCells() throws Exception {
        String crlf = Dictionaries.STUDY.replace("\n", "\r\n").replace("\"First name\"", "\"First\r\nname\"");
        byte[] bom = ("\uFEFF" + crlf).getBytes(StandardCharsets.UTF_8);
        DataDictionary d = DictionaryReader.read(bom);
        assertEquals("First\r\nname", d.fields().get(1).get(Column.FIELD_LABEL));
        assertEquals(7, d.fields().size());
        assertEquals(DataDictionary.HeaderStyle.STANDARD, d.headerStyle(), "the BOM is not part of the header");
    }

    @Test
    void windows1252IsDetectedNotMangled() throws Exception {
        String text = Dictionaries.STUDY.replace("\"Weight (kg)\"", "\"Gewicht – Körper (kg)\"");
        DataDictionary d = DictionaryReader.read(text.getBytes(Charset.forName("windows-1252")));
        assertEquals("windows-1252", d.charset());
        assertEquals("Gewicht – Körper (kg)", d.fields().get(4).get(Column.FIELD_LABEL));
    }

    @Test
    void apiHeadersAndTheirNaCells() throws Exception {
        String api = "field_name,form_name,section_header,field_type,field_label,select_choices_or_calculations,"
                + "field_note,text_validation_type_or_show_slider_number,text_validation_min,text_validation_max,"
                + "identifier,branching_logic,required_field,custom_alignment,question_number,matrix_group_name,"
                + "matrix_ranking,field_annotation\n"
                + "record_id,demo,NA,text,ID,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA\n";
        DataDictionary d = DictionaryReader.read(api);
        assertEquals(DataDictionary.HeaderStyle.API, d.headerStyle());
        assertEquals("", d.fields().get(0).get(Column.SECTION_HEADER));
    }

    @Test
    void aBrokenFirstHeaderCellIsRepairedByPosition() throws Exception {
        DataDictionary d = DictionaryReader.read(Dictionaries.STUDY.replaceFirst("\"Variable / Field Name\"", "1"));
        assertEquals(DataDictionary.HeaderStyle.LEGACY, d.headerStyle());
        assertTrue(d.readerNotes().get(0).contains("A1"), d.readerNotes().toString());
        assertTrue(DictionaryValidator.validate(d).stream().anyMatch(c -> c.row() == 0));
    }

    @Test
    void malformedDictionariesNameRowAndColumn() {
        DictionaryException ragged = assertThrows(DictionaryException.class, () -> DictionaryReader.read(
                Dictionaries.HEADER + "\nrecord_id,demo,,text,ID\n"));
        assertEquals("row 2", ragged.where());
        DictionaryException empty = assertThrows(DictionaryException.class, () -> DictionaryReader.read(
                Dictionaries.HEADER + "\n,demo,,text,ID,,,,,,,,,,,,,\n"));
        assertTrue(empty.where().startsWith("row 2, column A"), empty.where());
        DictionaryException missing = assertThrows(DictionaryException.class, () -> DictionaryReader.read(
                "\"Variable / Field Name\",\"Field Type\"\nx,text\n"));
        assertTrue(missing.getMessage().contains("Form Name"), missing.getMessage());
        DictionaryException unknown = assertThrows(DictionaryException.class, () -> DictionaryReader.read(
                Dictionaries.HEADER.replace("\"Field Note\"", "\"Colour\"") + "\n"));
        assertEquals("row 1, column G", unknown.where());
        assertThrows(DictionaryException.class, () -> DictionaryReader.read("  \n"));
    }
}
