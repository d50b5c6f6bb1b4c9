import type { Translation } from "../catalogue";
import type ca from "../ca/emails";

export default {
  "footer.why": "Recibes este correo porque te suscribiste a la newsletter {ofSite}.",

  // — public forms —
  "confirm.subject": "Confirma tu suscripción a la newsletter",
  "confirm.hello": "Hola:",
  "confirm.whyReflection": "Cuando enviaste una reflexión a la web {ofSite} marcaste que quieres recibir la newsletter de la campaña.",
  "confirm.whyForm":
    "Hemos recibido una petición para suscribir esta dirección a la newsletter {ofSite}, la campaña del plan director de la bicicleta del Penedès.",
  "confirm.open": "Para confirmar la suscripción, abre este enlace (caduca dentro de {days} días):",
  "confirm.ignore":
    "Si no lo has pedido tú, no hace falta que hagas nada: sin confirmación no te enviaremos nada y borraremos la dirección dentro de {days} días.",
  "confirm.unsubscribe": "Para darte de baja en cualquier momento:",
  "confirm.button": "Confirma la suscripción",
  "confirm.expires": "El enlace caduca dentro de {days} días.",
  "unsubscribe.link": "Date de baja",
  "footer.unsubscribe": "Para darte de baja:",
  "accessibilityRequest.subject": "Hemos recibido tu solicitud de accesibilidad ({reference})",
  "accessibilityRequest.hello": "Hola:",
  "accessibilityRequest.receivedCommunication":
    "Hemos recibido la comunicación sobre la accesibilidad del sitio web {site} que nos has enviado.",
  "accessibilityRequest.receivedInformation":
    "Hemos recibido la solicitud de información accesible del sitio web {site} que nos has enviado.",
  "accessibilityRequest.reference": "Referencia: {reference}.",
  "accessibilityRequest.due": "Te responderá {unit} como máximo el {due} (veinte días hábiles).",
  "accessibilityRequest.copy": "Esta es una copia de lo que nos has enviado:",
  "accessibilityRequest.about": "Página o contenido:",
  // — the council's answer to a contribution (issue 31, decision 068) —
  "answer.subject": "El Ayuntamiento ha respondido a tu aportación",
  "answer.hello": "Hola:",
  "answer.intro": "Pediste recibir por correo la respuesta a tu aportación en la web {ofSite}. El Ayuntamiento ya la ha publicado.",
  "answer.yours": "Tu aportación:",
  "answer.state": "Estado: {state}",
  "answer.answer": "La respuesta:",
  "answer.link": "Consúltala en la web:",
  "answer.result": "Lo seguimos en esta actuación del plan:",
  "answer.button": "Ver la respuesta en la web",
  "answer.why":
    "Recibes este correo porque, al enviar tu aportación, marcaste que querías recibir la respuesta. Solo te volveremos a escribir si el Ayuntamiento cambia su texto.",
  "answer.updatedSubject": "El Ayuntamiento ha actualizado la respuesta a tu aportación",
  "answer.updatedIntro":
    "El Ayuntamiento ha cambiado la respuesta que publicó a tu aportación en la web {ofSite}. Esta es la nueva respuesta.",
  "answer.stop": "Para no recibir más respuestas por correo:",
  "rightsRequest.subject": "Confirma tu solicitud sobre tus datos",
  "rightsRequest.hello": "Hola:",
  "rightsRequest.access":
    "Hemos recibido una solicitud para ver los datos personales que la web {site} guarda de esta dirección de correo.",
  "rightsRequest.erasure":
    "Hemos recibido una solicitud para borrar los datos personales que la web {site} guarda de esta dirección de correo.",
  "rightsRequest.confirm":
    "Si la has hecho tú, confírmala con este enlace en los próximos {days} días. Hasta que no la confirmes no la tramitaremos:",
  "rightsRequest.button": "Confirma la solicitud",
  "rightsRequest.ignore": "Si no la has hecho tú, no tienes que hacer nada: sin confirmación, la solicitud se borrará sola.",
  // — following a result of the plan (issue 35, decision 069) —
  "follow.hello": "Hola,",
  "follow.theResult": "la actuación «{title}»",
  "follow.theMunicipality": "las actuaciones del plan en {municipality}",
  "follow.confirmSubject": "Confirma que quieres seguir el plan de la bicicleta",
  "follow.confirmWhy": "Hemos recibido una petición para recibir en esta dirección las novedades de {target} en la web {ofSite}.",
  "follow.confirmOpen": "Para confirmarlo, abre el enlace siguiente (caduca dentro de {days} días).",
  "follow.confirmIgnore":
    "Si no lo has pedido tú, no tienes que hacer nada: sin confirmación no te enviaremos nada y borraremos la dirección dentro de {days} días.",
  "follow.confirmButton": "Confirma que quieres seguirla",
  "follow.newsSubject": "Novedades de la actuación: {title}",
  "follow.newsIntro": "Hay novedades de la actuación «{title}» del plan director de la bicicleta, en la web {ofSite}:",
  "follow.newState": "Ahora está en el estado: {state}.",
  "follow.newsButton": "Mira la actuación en la web",
  "follow.whyResult": "Recibes este correo porque sigues esta actuación.",
  "follow.whyMunicipality": "Recibes este correo porque sigues las actuaciones del plan en {municipality}.",
  "follow.whyAuthor": "Recibes este correo porque esta actuación surgió de una aportación tuya y pediste recibir la respuesta.",
  "follow.unsubscribe": "Para dejar de recibir estos correos:",
} satisfies Translation<typeof ca>;
