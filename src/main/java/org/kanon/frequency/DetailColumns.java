package org.kanon.frequency;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Field;
import org.kanon.InvalidInputException;
import org.kanon.privacy.Requirement;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/**
 * What a {@link Requirement}'s criteria read beyond the quasi-identifiers, resolved in the star schema: the sensitive
 * columns of the fact table (never QIs, never generalized) and the population table as a star schema of its own over
 * the same hierarchies. The zero-level set is counted per (QI values, sensitive values) for the table and per QI
 * values for the population, and every frequency set of the memory executor keeps both apart in one field of its
 * keys (see {@link MemoryExecutor}).
 */
public final class DetailColumns {
    private final Requirement requirement;
    private final List<Column> sensitive;
    private final StarSchema population;

    private DetailColumns(Requirement requirement, List<Column> sensitive, StarSchema population) {
        this.requirement = requirement;
        this.sensitive = sensitive;
        this.population = population;
    }

    /** {@code population} is the resolved population table, or null when no criterion reads one. */
    public static DetailColumns of(StarSchema schema, Requirement requirement, SourceTable population) {
        List<Column> sensitive = new ArrayList<>();
        for (String name : requirement.sensitiveColumns()) {
            Column column = schema.fact().column(name);
            for (QuasiIdentifier qi : schema.quasiIdentifiers()) {
                if (qi.column().name().equals(column.name())) {
                    throw new InvalidInputException("--sensitive: " + column.name() + " is also a quasi-identifier of "
                            + schema.fact().displayName() + "; a sensitive attribute must not be generalized");
                }
            }
            if (sensitive.contains(column)) {
                throw new InvalidInputException("--sensitive: " + column.name() + " is listed twice");
            }
            sensitive.add(column);
        }
        if (requirement.population().isPresent() != (population != null)) {
            throw new IllegalArgumentException("the population table must be given exactly when a criterion reads one");
        }
        if (population != null && population.qualifiedName().equals(schema.fact().qualifiedName())) {
            throw new InvalidInputException("--population: " + population.displayName() + " is the table itself; name the population it is a sample of");
        }
        return new DetailColumns(requirement, List.copyOf(sensitive), population == null ? null : schema.over(population, "--population"));
    }

    public Requirement requirement() {
        return requirement;
    }

    /** The sensitive columns, in the order of {@link Requirement#sensitiveColumns()}. */
    public List<Column> sensitive() {
        return sensitive;
    }

    /** The population over the table's hierarchies, or null. */
    public StarSchema population() {
        return population;
    }

    /** The sensitive columns as the zero-level query selects them from the fact table. */
    List<Field<?>> fields(StarSchema schema) {
        List<Field<?>> fields = new ArrayList<>();
        for (Column c : sensitive) {
            fields.add(schema.fact().field(StarSchema.FACT_ALIAS, c));
        }
        return fields;
    }
}
