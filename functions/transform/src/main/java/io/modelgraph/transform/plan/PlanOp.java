package io.modelgraph.transform.plan;

import java.util.Optional;

/**
 * One step of a plan. The set is closed: a plan is a list of these records, applied in order to a
 * canonical model. Names refer to the model as it stands when the step runs (after earlier steps).
 * docs/transform.md "Plan operations" describes each one.
 */
public sealed interface PlanOp {

    /** The JSON {@code op} value of this kind. */
    String op();

    /** Renames a type; references and supertypes follow. The new name must be free. */
    record RenameType(String type, String to) implements PlanOp {
        public String op() {
            return "renameType";
        }
    }

    /**
     * Maps a source type onto a target type name: a rename when no type has that name yet; otherwise the
     * source type is merged into the existing one (the existing element wins on a name clash) and removed.
     */
    record MapType(String type, String to) implements PlanOp {
        public String op() {
            return "mapType";
        }
    }

    /** Renames an element of a type. The new name must be free in that type. */
    record RenameElement(String type, String element, String to) implements PlanOp {
        public String op() {
            return "renameElement";
        }
    }

    /**
     * Maps an element onto a target element name in the same type: a rename when the name is free;
     * otherwise the element is merged into the existing one (which is kept) and removed.
     */
    record MapElement(String type, String element, String to) implements PlanOp {
        public String op() {
            return "mapElement";
        }
    }

    /** Sets an element's data type to a descriptor (see {@link DataTypeSpec}). */
    record SetDataType(String type, String element, String dataType) implements PlanOp {
        public String op() {
            return "setDataType";
        }
    }

    /** Removes an element. */
    record DropElement(String type, String element) implements PlanOp {
        public String op() {
            return "dropElement";
        }
    }

    /** Removes a type; no remaining element or type may still refer to it. */
    record DropType(String type) implements PlanOp {
        public String op() {
            return "dropType";
        }
    }

    /** Sets the {@code mapsTo} IRI of a type, or of one of its elements when {@code element} is given. */
    record AddMapsTo(String type, Optional<String> element, String iri) implements PlanOp {
        public String op() {
            return "addMapsTo";
        }
    }
}
