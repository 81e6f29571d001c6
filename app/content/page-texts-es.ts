// The first-start words of 'Page Texts' in Spanish (issue 39), by their row's key, beside the
// English of page-texts.ts and about-sections.ts: formal (usted), as a Chicago salon writes to its
// guests. "{name}", "{shortName}" and "{area}" are the salon's details, as in the English. A text
// shows this Spanish until the owner writes her own, or changes its English (then its Spanish is
// missing until she writes it: the Site's 'Missing in Spanish').

export const pageTextsEs: Readonly<Record<string, string>> = {
  "home.heading": "Uñas hermosas, atención sin prisas.",
  "home.text":
    "Un estudio tranquilo para manicuras, pedicuras, gel y polvo de inmersión, arte en uñas y rituales de spa. Cada instrumento esterilizado, cada detalle cuidado y un sillón esperándole.",
  "home.pillar.1.heading": "Higiene de nivel hospitalario",
  "home.pillar.1.text":
    "Instrumentos esterilizados en bolsas selladas; limas y forros de un solo uso para cada cliente.",
  "home.pillar.2.heading": "Artistas con licencia",
  "home.pillar.2.text":
    "Preparación cuidadosa, cutículas impecables y diseños desde lo clásico hasta la alta costura.",
  "home.pillar.3.heading": "Un tiempo solo para usted",
  "home.pillar.3.text": "Reserve en línea el servicio y la hora exactos; tendremos su lugar listo.",
  "about.lead":
    "Un estudio tranquilo en {area}, donde el cuidado minucioso de las uñas, los tratamientos de spa reparadores y una higiene sin concesiones se reúnen en una visita sin prisas.",
  "welcome.heading": "Le damos la bienvenida a {shortName}",
  "welcome.text":
    "¿Es su primera visita? Reserve en línea en un minuto, o [vea nuestro menú](/services).",
  "about.1.heading": "Cuidado de uñas y relajación, como debe ser",
  "about.1.text": [
    "En {name} creemos que una manicura hermosa empieza mucho antes de la primera capa de color. Cada servicio comienza con un limado preciso, un cuidado delicado de las cutículas y verdadera atención a la salud de sus uñas naturales. Le preguntamos cómo usa sus manos, qué le ha funcionado antes y qué no, para que el resultado se adapte a su día a día tanto como a su estilo.",
    "La relajación es parte del oficio, no un añadido. Nuestros sillones son cómodos, la luz es suave y el ritmo, pausado. Ya sea que venga por un cambio rápido de esmalte en gel o para una pedicura de lujo con reflexología, queremos que su visita le deje una sensación de descanso, con unas uñas que lucen cuidadas y duran como deben.",
  ].join("\n\n"),
  "about.2.heading": "Un cuidado personal que cabe en la vida real",
  "about.2.text": [
    "Cuidarse no tiene por qué significar un día entero fuera. A menudo es una sola hora que le pertenece solo a usted: el teléfono a un lado, las manos en agua tibia y alguien más ocupándose de los detalles. Pensamos nuestro menú para que esa hora sea fácil de encontrar, con servicios que caben en la hora del almuerzo, en una tarde después del trabajo o en un sábado tranquilo en el barrio.",
    "También creemos que el cuidado personal debe sentirse propio. Algunas personas disfrutan de la conversación; otras prefieren el silencio y buena música. Algunas vienen cada dos semanas para un relleno, y otras una vez por temporada, como un gusto. Díganos qué necesita y adaptaremos la visita a usted, desde la presión del masaje hasta el acabado de sus uñas.",
  ].join("\n\n"),
  "about.3.heading": "Higiene y seguridad a la vista",
  "about.3.text": [
    "La limpieza es lo primero que prometemos y lo último en lo que cederíamos. Todos los instrumentos de metal, incluidos alicates, empujadores y cortaúñas, se lavan y luego se esterilizan en un autoclave de grado médico. Se sellan en bolsas con indicadores que cambian de color y se abren frente a usted al comenzar su servicio, para que sepa que nada se ha usado desde su esterilización.",
    "Lo que no puede esterilizarse nunca se reutiliza. Las limas, los pulidores, los separadores de dedos y las piedras pómez son de un solo uso: se desechan o se los lleva usted a casa después de su cita. Cada tina de pedicura lleva un forro desechable nuevo para cada cliente, y las tinas, los sillones y las mesas se limpian con un desinfectante de grado hospitalario entre citas.",
    "Nuestro estudio está ventilado para mantener el aire fresco, con extracción en las estaciones de uñas para captar el polvo y los olores del acrílico y del polvo de inmersión. Cada técnica tiene una licencia vigente de técnica de uñas de Illinois y sigue las normas sanitarias del estado. Si tiene una alergia, una afección de la piel o cualquier otra inquietud de salud, avísenos antes de comenzar y adaptaremos nuestros productos y técnicas.",
  ].join("\n\n"),
  "contact.intro":
    "Envíenos una pregunta, un comentario o una inquietud. Le respondemos en un día.",
  "services.intro":
    "Diez maneras de consentirse, desde un cambio rápido de esmalte hasta una pedicura spa completa. Los precios son un punto de partida; su técnica le confirma cualquier extra antes de empezar.",
};
