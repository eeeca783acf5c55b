package io.modelgraph.integrations.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class DictionaryAuditTest {

    private static SchemaModel governed() throws Exception {
        return DictionaryModel.toModel(DictionaryReader.read(Dictionaries.STUDY), "study");
    }

    private static DictionaryAudit.Result audit(String dictionary) throws Exception {
        return DictionaryAudit.audit(DictionaryReader.read(dictionary), governed(), Optional.of("2026-11-22T10:00Z"));
    }

    private static Map<String, Integer> driftAndCoverage(DictionaryAudit.Result r) {
        Map<String, Integer> out = new TreeMap<>(r.codes());
        out.remove("phi-fields");
        out.remove("text-no-validation");
        return out;
    }

    @Test
    void theImportedDictionaryAuditsClean() throws Exception {
        DictionaryAudit.Result r = audit(Dictionaries.STUDY);
        assertEquals(0, r.errorCount(), r.findings().toString());
        assertEquals(0, r.warningCount(), r.findings().toString());
        assertEquals(Map.of(), driftAndCoverage(r));
        assertEquals(Map.of("phi-fields", 1, "text-no-validation", 1), r.codes(), "one finding per instrument");
        assertEquals("2", r.metrics().get("Datasets governed"));
        assertEquals("7", r.metrics().get("Fields governed"));
        assertEquals("0 / 9 (0.0%)", r.metrics().get("Governed nodes with canonical mappings"));
    }

    /**
     * The audit walks a form's fields side by side with its Type's elements while they agree and looks elements up
     * by name only once they do not; both ways must judge alike. Reversing every Type's elements forces the lookup
     * from the first field on.
     */
    @Test
    void theSideBySideWalkJudgesAsTheLookupByName() throws Exception {
        String drifted = Dictionaries.STUDY
                .replace("weight,visits,,text,\"Weight (kg)\",,,number,2,300", "weight,visits,,text,\"Weight (kg)\",,,number,5,300")
                .replace("\"0, Female | 1, Male\"", "\"0, Female | 1, Male | 2, Other\"")
                .replace("\"1, Fever | 2, Cough | 3, Fatigue\"", "\"1, Fever | 2, Cough\"")
                .replace("dob,demographics,,text,\"Date of birth\",,,date_ymd", "dob,demographics,,text,\"Date of birth\",,,integer")
                .replace("notes,visits,,notes,\"Notes\",,,,,,,,,,,,,@HIDDEN\n", "")
                + "sex,visits,,text,Sex again,,,,,,,,,,,,,\n";
        DataDictionary d = DictionaryReader.read(drifted);
        SchemaModel inOrder = governed();
        SchemaModel reversed = inOrder.toBuilder().types(inOrder.types().stream().map(t -> t.toBuilder()
                .elements(reversed(t.elements())).build()).toList()).build();
        DictionaryAudit.Result walked = DictionaryAudit.audit(d, inOrder, Optional.empty());
        DictionaryAudit.Result looked = DictionaryAudit.audit(d, reversed, Optional.empty());
        assertEquals(walked.findings(), looked.findings());
        assertEquals(walked.driftedObjects(), looked.driftedObjects());
        assertEquals(walked.metrics(), looked.metrics());
        for (String code : List.of("contract-drift", "enum-widened", "enum-narrowed", "field-type-drift",
                "field-removed", "field-unmapped", "duplicate-variable")) {
            assertTrue(walked.codes().containsKey(code), code + " in " + walked.codes());
        }
        // unchanged, a form the model imported covers every element: nothing is reported removed
        DictionaryAudit.Result clean = DictionaryAudit.audit(DictionaryReader.read(Dictionaries.STUDY), reversed,
                Optional.empty());
        assertEquals(audit(Dictionaries.STUDY).findings(), clean.findings());
    }

    private static <T> List<T> reversed(List<T> list) {
        List<T> out = new java.util.ArrayList<>(list);
        java.util.Collections.reverse(out);
        return out;
    }

    @Test
    void eachKindOfDriftGivesExactlyItsCode() throws Exception {
        String drifted = Dictionaries.STUDY
                .replace("weight,visits,,text,\"Weight (kg)\",,,number,2,300", "weight,visits,,text,\"Weight (kg)\",,,date_ymd,,")
                .replace("\"0, Female | 1, Male\"", "\"0, Female | 1, Male | 2, Other\"")
                .replace("\"1, Fever | 2, Cough | 3, Fatigue\"", "\"1, Fever | 2, Cough\"")
                .replace("name_first,demographics,\"Contact\",text,\"First name\",,,,,,y,,y", "name_first,demographics,\"Contact\",text,\"First name\",,,,,,y,,")
                .replace("notes,visits,,notes,\"Notes\",,,,,,,,,,,,,@HIDDEN\n", "")
                + "height,visits,,text,Height,,,number,,,,,,,,,,\n"
                + "consent,consent_form,,yesno,Consent,,,,,,,,,,,,,\n";
        DictionaryAudit.Result r = audit(drifted);
        assertEquals(Map.of("contract-drift", 2, "dataset-unmapped", 1, "enum-narrowed", 1, "enum-widened", 1,
                "field-removed", 1, "field-type-drift", 1, "field-unmapped", 1), driftAndCoverage(r),
                r.findings().toString());
        assertTrue(r.errorCount() > 0);
        assertTrue(r.driftedObjects().stream().anyMatch(o -> o.subject().equals("visits.weight")
                && o.codes().containsAll(List.of("field-type-drift", "contract-drift"))), r.driftedObjects().toString());
    }

    @Test
    void aRemovedDatasetAndARemovedChoiceList() throws Exception {
        String d = Dictionaries.HEADER + "\n" + "record_id,demographics,,text,\"Study ID\",,,,,,,,,,,,,\n"
                + "name_first,demographics,\"Contact\",text,\"First name\",,,,,,y,,y,,,,,\n"
                + "dob,demographics,,text,\"Date of birth\",,,date_ymd,,,y,,,,,,,\n"
                + "sex,demographics,,text,Sex,,,,,,,,y,,,,,\n";
        Map<String, Integer> codes = driftAndCoverage(audit(d));
        assertEquals(Map.of("dataset-removed", 1, "enum-constraint-removed", 1), codes);
    }

    @Test
    void duplicateChoiceCodesAreAConformanceWarning() throws Exception {
        DictionaryAudit.Result r = audit(Dictionaries.STUDY.replace("\"0, Female | 1, Male\"",
                "\"0, Female | 1, Male | 1, Man\""));
        assertEquals(1, r.codes().get("duplicate-choice-codes"));
        assertTrue(AuditMarkdown.render("study", "abc", r).contains("`duplicate-choice-codes`"));
    }

    @Test
    void generatedDictionaryPassesTheValidatorAndReadsBackToTheSameShape() throws Exception {
        TaxonomyDef status = new TaxonomyDef("Status", Optional.empty(), List.of(Term.of("active"),
                new Term("paused", Optional.of("On hold"), Optional.empty(), Optional.empty()), Term.of("not known")),
                Optional.empty(),
                io.modelgraph.schema.Provenance.NONE, Map.of());
        TypeDef patient = TypeDef.of("Patient", List.of(
                ElementDef.of("patientId", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED),
                ElementDef.of("age", DataType.of(PrimitiveKind.INTEGER), Cardinality.OPTIONAL),
                ElementDef.of("bmi", DataType.of(PrimitiveKind.DECIMAL), Cardinality.OPTIONAL),
                ElementDef.of("enrolled", DataType.of(PrimitiveKind.DATE), Cardinality.REQUIRED),
                ElementDef.of("smoker", DataType.of(PrimitiveKind.BOOLEAN), Cardinality.OPTIONAL),
                ElementDef.of("status", new DataType.TaxonomyRef("Status"), Cardinality.OPTIONAL),
                ElementDef.of("clinic", new DataType.TypeRef("Clinic"), Cardinality.OPTIONAL)));
        TypeDef clinic = TypeDef.of("Clinic", List.of(ElementDef.of("name", DataType.of(PrimitiveKind.STRING),
                Cardinality.REQUIRED)));
        LossinessLedger ledger = new LossinessLedger();
        String csv = DictionaryGenerator.generate(SchemaModel.of("trial", List.of(patient, clinic), List.of(status)),
                List.of(), ledger).orElseThrow();
        DataDictionary d = DictionaryReader.read(csv);
        assertEquals(List.of(), DictionaryValidator.validate(d));
        assertEquals("record_id", d.fields().get(0).variable());
        DictionaryField st = d.fields().stream().filter(f -> f.variable().equals("status")).findFirst().orElseThrow();
        assertEquals("dropdown", st.fieldType());
        // codes kept; only the term whose code REDCap cannot store gets a minted one
        assertEquals("active, active | paused, On hold | 1, not known", st.get(Column.CHOICES));
        assertEquals("y", d.fields().stream().filter(f -> f.variable().equals("enrolled")).findFirst().orElseThrow()
                .get(Column.REQUIRED));
        assertEquals("date_ymd", d.fields().stream().filter(f -> f.variable().equals("enrolled")).findFirst()
                .orElseThrow().validation());
        assertEquals("yesno", d.fields().stream().filter(f -> f.variable().equals("smoker")).findFirst()
                .orElseThrow().fieldType());
        // renames (Patient → patient, patientId → patient_id, Clinic → clinic), the cross-form reference, the minted
        // code
        assertEquals(5, ledger.size(), ledger.entries().toString());
        assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains("minted code 1")),
                ledger.entries().toString());
        // and the generated dictionary audits clean against the model it imports as
        DictionaryAudit.Result r = DictionaryAudit.audit(d, DictionaryModel.toModel(d, "trial"), Optional.empty());
        assertEquals(0, r.errorCount() + r.warningCount(), r.findings().toString());
    }

    @Test
    void nothingEligibleGeneratesNothing() {
        assertTrue(DictionaryGenerator.generate(SchemaModel.of("empty", List.of(TypeDef.of("Empty", List.of())),
                List.of()), List.of(), new LossinessLedger()).isEmpty());
    }

    @Test
    void badgeColourAndMessagePerState() {
        assertTrue(Badge.svg(Badge.State.NO_RUNS).contains("fill=\"#9f9f9f\""));
        assertTrue(Badge.svg(new Badge.State(true, 0, 0)).contains("fill=\"#4c1\""));
        assertTrue(Badge.svg(new Badge.State(true, 0, 2)).contains("fill=\"#dfb317\""));
        String red = Badge.svg(new Badge.State(true, 1, 2));
        assertTrue(red.contains("fill=\"#e05d44\"") && red.contains("1 error, 2 warnings"), red);
        assertTrue(red.contains(">capture audit<"));
    }
}
