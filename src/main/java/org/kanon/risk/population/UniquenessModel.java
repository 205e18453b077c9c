package org.kanon.risk.population;

/**
 * The population-uniqueness models kanon estimates with, named as ARX names them
 * (org.deidentifier.arx.risk.RiskModelPopulationUniqueness.PopulationUniquenessModel).
 */
public enum UniquenessModel {
    /** Zayatz 1991: Bayes' rule with the sample's class-size distribution and hypergeometric sampling. */
    ZAYATZ,
    /** Pitman's two-parameter sampling formula, maximum likelihood as in Hoshino 2001. */
    PITMAN,
    /** Chen and Keller-McNulty's shifted negative binomial, 1998. */
    SNB,
    /**
     * No model: the sample has no uniques, so no record can be unique in the population either. ARX reports this
     * case as its DANKAR constant.
     */
    NONE
}
