import { incidentEmailText } from './incident-email.js';
import type { ServerTexts } from './types.js';

/** French. */
export const fr: ServerTexts = {
  verificationEmail: {
    subject: ({ code }) => `Safety Shield : code de vérification ${code}`,
    text: ({ code, plate, minutes }) =>
      `Votre code pour recevoir les notifications du véhicule ${plate} est ${code}.\nIl est valable ${minutes} minutes.\n\nSi vous n’attendiez pas ce message, ignorez-le.`,
  },
  incidentEmail: {
    subject: ({ type, vehicle }) => `Safety Shield : incident ${type} — ${vehicle}`,
    text: incidentEmailText({
      incident: 'Incident',
      vehicle: 'Véhicule',
      device: 'appareil',
      time: 'Heure',
      speed: 'Vitesse',
      speedUnit: 'km/h',
      location: 'Lieu',
      unknownLocation: 'inconnu',
      review: 'Ouvrez la console pour l’examiner.',
      colon: ' : ',
    }),
  },
  userGuide: {
    title: 'Safety Shield - Guide de l’utilisateur',
    intro:
      'Safety Shield est la console de votre système de sécurité de flotte : véhicules équipés de caméras, vidéo en direct, incidents avec preuves vidéo et photo, statistiques, organisations et comptes. Ce guide présente les écrans principaux.',
    chapters: [
      [
        'Le tableau de bord',
        'Le tableau de bord s’ouvre après la connexion. Il montre votre organisation et votre rôle, les véhicules et appareils en ligne sur le total, les incidents du jour et au total, et l’utilisation du quota d’appareils. Choisissez une période (aujourd’hui, 7 ou 14 derniers jours, mois dernier, mois ou trimestre en cours) pour voir les incidents par type et par étiquette, le graphique par période, le graphique en chandeliers par heure et les statistiques de chaque flotte. Les jours commencent à minuit dans le fuseau horaire de votre profil.',
      ],
      [
        'Incidents',
        'Les incidents arrivent des appareils avec leur type, étiquette, vitesse, lieu et heure. Ouvrez-en un pour voir ses photos et vidéos, demander des preuves à l’appareil, le commenter et le marquer comme vu. Les incidents supprimés attendent dans la corbeille, où ils peuvent être restaurés ou supprimés définitivement.',
      ],
      [
        'Véhicules et appareils',
        'Chaque véhicule porte un ou plusieurs enregistreurs. La liste des véhicules indique si un véhicule est en ligne, où il se trouve et son trajet. Un nouvel appareil apparaît comme non associé jusqu’à ce qu’il soit lié à un véhicule. Un véhicule peut être loué à une autre flotte jusqu’à une date de fin.',
      ],
      [
        'Organisations et comptes',
        'Les revendeurs régionaux ont des entreprises, les entreprises des flottes et les flottes des sites. Chaque administrateur voit les données de son organisation et de celles qui en dépendent. La première connexion demande un nouveau mot de passe ; Google Authenticator peut protéger un compte.',
      ],
    ],
    contact: 'Contact : écrivez à support@safety-shield.local ou appelez votre revendeur régional.',
    page: 'Page',
  },
};
