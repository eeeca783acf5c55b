package io.modelgraph.transform.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.api.ErrorEntry;
import io.modelgraph.ledger.LossKind;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.transform.map.InferredPlanner;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The gate and executor on canonical models, without codecs. */
class PlanEngineTest {
    static ElementDef el(String name, DataType type) {
        return ElementDef.of(name, type, Cardinality.OPTIONAL);
    }

    static final SchemaModel MODEL = SchemaModel.of("m", List.of(
            TypeDef.builder("A").supertypes(List.of("Base"))
                    .elements(List.of(el("x", DataType.of(PrimitiveKind.STRING)),
                    el("b", new DataType.TypeRef("B")))).build(),
            TypeDef.of("B", List.of(el("x", DataType.of(PrimitiveKind.INTEGER)), el("y", DataType.of(PrimitiveKind.STRING)),
                    el("back", new DataType.Union(List.of(new DataType.TypeRef("A"), DataType.of(PrimitiveKind.STRING)))))),
            TypeDef.of("Base", List.of(el("id", DataType.of(PrimitiveKind.UUID))))),
            List.of(TaxonomyDef.of("Colour", List.of(Term.of("red")))));

    @Test
    void mapTypeOntoAnExistingTypeMergesAndRepointsEveryReference() {
        Plan plan = new Plan(List.of(new PlanOp.MapType("A", "B")));
        assertEquals(List.of(), PlanEngine.gate(plan, MODEL, "plan"));
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel out = PlanEngine.execute(plan, MODEL, ledger, "plan");
        assertEquals(List.of("B", "Base"), out.types().stream().map(TypeDef::name).toList());
        TypeDef b = out.type("B").orElseThrow();
        assertEquals(List.of("x", "y", "back", "b"), b.elements().stream().map(ElementDef::name).toList());
        assertEquals(new DataType.TypeRef("B"), b.element("b").orElseThrow().type());
        assertEquals(new DataType.Union(List.of(new DataType.TypeRef("B"), DataType.of(PrimitiveKind.STRING))),
                b.element("back").orElseThrow().type());
        assertEquals(List.of("Base"), b.supertypes());
        assertEquals(1, ledger.size());
        assertEquals(LossKind.StructuralDrop, ledger.entries().get(0).kind());
        assertEquals("plan.operations[0]", ledger.entries().get(0).path());
    }

    @Test
    void renameCollisionsAndDanglingResultsAreGateErrors() {
        Plan plan = new Plan(List.of(new PlanOp.RenameType("A", "B"), new PlanOp.RenameElement("B", "x", "y"),
                new PlanOp.SetDataType("B", "y", "taxonomy:Nope"), new PlanOp.DropType("Base"),
                new PlanOp.AddMapsTo("B", Optional.empty(), "not an iri")));
        List<ErrorEntry> errors = PlanEngine.gate(plan, MODEL, "plan");
        assertEquals(List.of("plan.operations[0].to", "plan.operations[1].to", "plan.operations[2].dataType",
                "plan.operations[3].type", "plan.operations[4].iri"), errors.stream().map(ErrorEntry::path).toList());
    }

    @Test
    void executionIsAPureFunctionOfPlanAndSource() {
        Plan plan = new Plan(List.of(new PlanOp.RenameElement("A", "x", "label"), new PlanOp.RenameType("A", "Alpha"),
                new PlanOp.SetDataType("B", "x", "string"), new PlanOp.DropElement("B", "y"),
                new PlanOp.AddMapsTo("Alpha", Optional.of("label"), "https://schema.org/name")));
        String json = PlanJson.write(plan);
        Plan replayed = PlanJson.parse(json, "plan");
        assertEquals(plan, replayed);
        SchemaModel first = PlanEngine.execute(plan, MODEL, new LossinessLedger(), "plan");
        SchemaModel second = PlanEngine.execute(replayed, MODEL, new LossinessLedger(), "plan");
        assertEquals(first, second);
        assertEquals(Optional.of("https://schema.org/name"),
                first.type("Alpha").orElseThrow().element("label").orElseThrow().mapsTo());
        assertEquals(new DataType.TypeRef("Alpha"), first.type("B").orElseThrow().element("back").map(e ->
                ((DataType.Union) e.type()).members().get(0)).orElseThrow());
    }

    @Test
    void inferredPlansOrderChainsAndLeaveCyclesOut() {
        SchemaModel source = SchemaModel.of("s", List.of(TypeDef.of("P", List.of(el("a", DataType.of(PrimitiveKind.STRING)),
                el("b", DataType.of(PrimitiveKind.STRING)), el("c", DataType.of(PrimitiveKind.STRING))))), List.of());
        // target: a→B? labels differ only by case: A, B match a, b; so nothing to rename but case
        SchemaModel target = SchemaModel.of("t", List.of(TypeDef.of("PShape", List.of(el("A", DataType.of(PrimitiveKind.STRING)),
                el("C", DataType.of(PrimitiveKind.INTEGER))))), List.of());
        LossinessLedger ledger = new LossinessLedger();
        Plan plan = InferredPlanner.plan(source, target, true, ledger);
        assertEquals(List.of(new PlanOp.MapElement("P", "a", "A"), new PlanOp.MapElement("P", "c", "C"),
                new PlanOp.MapType("P", "PShape"), new PlanOp.SetDataType("PShape", "C", "integer")), plan.operations());
        assertTrue(PlanEngine.gate(plan, source, "plan").isEmpty());
        assertEquals(List.of(), InferredPlanner.plan(source, target, false, ledger).operations().stream()
                .filter(o -> o instanceof PlanOp.MapElement).toList());
    }
}
