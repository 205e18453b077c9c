package org.kanon.risk.population;

/**
 * The model Dankar et al.'s decision rule picked and its estimate (fields as in {@link ModelEstimate}).
 * {@code model} is {@link UniquenessModel#NONE} with zeros when the sample has no uniques.
 */
public record DankarChoice(UniquenessModel model, double fraction, double sampleRecords, double populationUniques) {
}
