package io.modelgraph.compat.formats;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.protobuf.ProtobufCodec;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.Optional;
import java.util.Set;

/**
 * A type of a model from another format as protobuf readers see it: the message the protobuf codec writes for it,
 * read back by the same codec (docs/compare.md "Protobuf"). A union becomes a {@code oneof} with a field per
 * member, an Avro {@code int} an {@code int32}, numbers are assigned in declaration order with a union's members
 * taking the next ones; the protobuf rules then judge what readers of the written schema would meet. Only the
 * type and the types and value lists it refers to are written (numbering is per message, so the rest of the
 * model changes nothing), in one fixed package (the package is judged apart), so the cost follows the number of
 * changed types, not the model's size. One per model and direction.
 */
final class ProtobufForm {
    private static final String PACKAGE = "compat.form";
    private final SchemaModel model;
    private final Function<String, Optional<TypeDef>> types;
    private final Function<String, Optional<TaxonomyDef>> taxonomies;

    /** A model's form, its types and value lists looked up by name through the shared matching's indexes. */
    ProtobufForm(SchemaModel model, Function<String, Optional<TypeDef>> types,
            Function<String, Optional<TaxonomyDef>> taxonomies) {
        this.model = model;
        this.types = types;
        this.taxonomies = taxonomies;
    }

    /** Whether a model's types are protobuf messages already (then the rules read them as they are). */
    static boolean isProtobuf(SchemaModel model) {
        return model.provenance().format().equals("protobuf");
    }

    /** The message written for {@code t} and read back; empty when the codec cannot write or read it. */
    Optional<TypeDef> message(TypeDef t) {
        Set<String> typeNames = new LinkedHashSet<>();
        Set<String> taxonomyNames = new LinkedHashSet<>();
        typeNames.add(t.name());
        for (ElementDef e : t.elements()) {
            references(e.type(), typeNames, taxonomyNames);
        }
        List<TypeDef> written = new ArrayList<>();
        typeNames.forEach(n -> types.apply(n).ifPresent(written::add));
        List<TaxonomyDef> writtenLists = new ArrayList<>();
        taxonomyNames.forEach(n -> taxonomies.apply(n).ifPresent(writtenLists::add));
        SchemaModel part = SchemaModel.builder(model.name()).types(written).taxonomies(writtenLists)
                .annotations(Map.of("protobuf.package", PACKAGE)).build();
        try {
            ProtobufCodec codec = new ProtobufCodec();
            String text = codec.encode(part, CodecOptions.NONE, new LossinessLedger());
            SchemaModel back = codec.decode(text, CodecOptions.NONE, new LossinessLedger());
            return back.types().isEmpty() ? Optional.empty() : Optional.of(back.types().get(0));
        } catch (Exception e) {
            // a type the codec cannot write or read back: the rules read the model's own type instead
            return Optional.empty();
        }
    }

    private static void references(DataType type, Set<String> typeNames, Set<String> taxonomyNames) {
        if (type instanceof DataType.TypeRef r) {
            typeNames.add(r.typeName());
        } else if (type instanceof DataType.TaxonomyRef r) {
            taxonomyNames.add(r.taxonomyName());
        } else if (type instanceof DataType.MapOf m) {
            references(m.values(), typeNames, taxonomyNames);
        } else if (type instanceof DataType.Union u) {
            u.members().forEach(m -> references(m, typeNames, taxonomyNames));
        }
    }
}
