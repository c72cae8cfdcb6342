import type { Catalogue } from '../catalogue.ts';

/** accounts: fra strings, the same keys as ./en.ts. */
export const accounts: Catalogue['accounts'] = {
  errors: {
    name_invalid: 'Saisissez votre nom comme sur votre pièce d\'identité : lettres, espaces et \' - . · uniquement',
    id_number_invalid: 'Veuillez saisir un numéro de document correct',
    card_number_invalid: 'Saisissez un numéro de carte correct : 12 à 19 chiffres',
    account_number_invalid: 'Saisissez un numéro de compte (4 à 34 chiffres) ou un IBAN correct',
    swift_code_invalid: 'Saisissez un code SWIFT/BIC correct : 8 ou 11 lettres et chiffres',
    aba_number_invalid: 'Saisissez un numéro de routage ABA correct : 9 chiffres',
    text_invalid: 'Supprimez les caractères < > et les caractères de contrôle',
    mobile_invalid: 'Veuillez saisir un numéro de mobile correct',
    address_invalid: 'Ce n\'est pas une adresse {{network}} valide',
    address_duplicate: 'Vous avez déjà enregistré cette adresse pour cette cryptomonnaie et ce réseau',
  },
  placeholders: {
    bank_account: '12 à 19 chiffres',
    international_account: 'Numéro de compte ou IBAN',
    aba_number: '9 chiffres',
    swift_code: '8 ou 11 caractères',
    international_phone: '+33 1 23 45 67 89',
  },
  savedCard: 'Votre carte enregistrée : modifiez un champ puis enregistrez, ou supprimez-la.',
  removeCard: 'Supprimer la carte',
  removeCardConfirm: 'Supprimer cette carte ? Les retraits déjà demandés ne sont pas concernés.',
  cardRemoved: 'Carte supprimée',
  networkHint: 'Seule une adresse du réseau {{network}} est acceptée',
  status: {
    title: 'État de la vérification',
    level1: 'Lv1 vérification de base',
    level2: 'Lv2 vérification avancée',
    rejected: 'Refusée : {{reason}}',
    underReview: 'Vos documents sont en cours d\'examen. Nous mettrons l\'état à jour une fois terminé.',
    allDone: 'Votre identité est entièrement vérifiée.',
    verifyLevel1: 'Vérifier maintenant (Lv1)',
    verifyLevel2: 'Passer au Lv2',
    submitAgain: 'Soumettre à nouveau',
  },
  unlocks: {
    title: 'Ce que débloque chaque niveau',
    level1: 'Lv1 : votre nom et le numéro de votre document',
    level2: 'Lv2 : photos du recto et du verso de votre document',
    withdraw: 'Retraits jusqu\'à {{amount}} BTC par 24 heures',
    fiat: 'Échanges en monnaie fiduciaire jusqu\'à {{amount}} USDT par ordre',
    current: 'Vos limites actuelles',
  },
};
