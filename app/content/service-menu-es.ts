// The first-start menu in Spanish (issue 39): each category of service-menu.ts by its id, and each
// service by its English name. Written for the salon's Spanish-speaking guests, formal (usted).
// Seeded once with the menu (app/services/salon/catalogue-seed.server.ts); the owner edits both
// languages afterwards in /scheduleadmin.

interface CategoryEs {
  name: string;
  summary: string;
  description: string;
}

export const categoriesEs: Readonly<Record<string, CategoryEs>> = {
  manicure: {
    name: "Manicura",
    summary:
      "Limado preciso, cuidado delicado de cutículas y un esmaltado impecable para unas manos limpias y sanas.",
    description:
      "Cada manicura empieza con un limado preciso y un cuidado suave y minucioso de las cutículas antes del color. Nuestras opciones spa añaden exfoliación, una mascarilla hidratante y un masaje más largo, para que sus manos se sientan tan bien como se ven.",
  },
  acrylic: {
    name: "Acrílico",
    summary:
      "Uñas acrílicas resistentes y esculpidas al largo que usted desee, de squoval suave a coffin largo.",
    description:
      "El acrílico es fuerte, versátil y un lienzo ideal para el arte en uñas detallado. Nuestras técnicas esculpen cada juego a mano con un perfil fino y equilibrado, elegante y nunca abultado; le recomendamos un relleno cada dos o tres semanas.",
  },
  pedicure: {
    name: "Pedicura",
    summary:
      "Pedicuras reparadoras con baños tibios, tratamientos suavizantes y un masaje sin prisas.",
    description:
      "Nuestras pedicuras unen un cuidado meticuloso de uñas y callosidades con tiempo real para relajarse. Cada tina lleva un forro desechable nuevo, y cada servicio termina con el esmalte que usted elija.",
  },
  "gel-extension": {
    name: "Extensiones de gel",
    summary:
      "Largo ligero y de aspecto natural con puntas Gel-X de gel suave o gel duro esculpido.",
    description:
      "Las extensiones de gel dan largo con una sensación más ligera y flexible que el acrílico. Las puntas Gel-X de gel suave se colocan en juegos completos para una forma sin uniones, y el gel duro se esculpe para quien busca la máxima resistencia con un perfil delgado.",
  },
  "gel-polish": {
    name: "Esmalte en gel",
    summary:
      "Color brillante y resistente, curado con luz LED, que luce impecable de dos a tres semanas.",
    description:
      "El esmalte en gel se cura entre capas, así que usted sale con las uñas completamente secas y un brillo intenso que resiste el desgaste. Retiramos el gel con delicadeza, remojándolo en lugar de rasparlo, para proteger la uña natural.",
  },
  dipping: {
    name: "Polvo de inmersión",
    summary:
      "Color en polvo resistente y duradero que fortalece la uña natural, sin necesidad de lámpara.",
    description:
      "El polvo de inmersión se aplica en capas finas y se sella para un acabado duradero que suele mantenerse de tres a cuatro semanas. Es el favorito de quienes desean más resistencia en la uña natural, o largo con puntas, sin un juego completo de extensiones.",
  },
  "kids-nails": {
    name: "Uñas para niños",
    summary: "Servicios suaves, rápidos y alegres, pensados para menores de doce años.",
    description:
      "Nuestros servicios para niños son breves, suaves y divertidos, con esmaltes aptos para ellos y sin instrumentos afilados. Son una linda primera visita al salón y un regalo favorito para cumpleaños y salidas en familia.",
  },
  waxing: {
    name: "Depilación con cera",
    summary:
      "Depilación precisa y cómoda de cejas, rostro y cuerpo con una cera suave que calma la piel.",
    description:
      "Usamos una cera de baja temperatura apta para piel sensible y terminamos cada servicio con una loción calmante. Damos forma a las cejas según sus facciones, nunca con una plantilla única.",
  },
  massage: {
    name: "Masajes",
    summary:
      "Masaje localizado de manos, pies, cuello y hombros para aliviar la tensión y recuperar la calma.",
    description:
      "Nuestros masajes son breves, precisos y fáciles de combinar con cualquier cita de uñas. Indique la presión que prefiere y se ajustará durante toda la sesión.",
  },
  "add-on-services": {
    name: "Servicios adicionales",
    summary:
      "Toques finales y pequeños tratamientos para personalizar cualquier manicura o pedicura.",
    description:
      "Los servicios adicionales le permiten adaptar su servicio a la ocasión, desde una sola uña de acento hasta un diseño completo pintado a mano. Casi todos pueden sumarse al comienzo de su cita: solo avísele a su técnica.",
  },
};

interface ServiceEs {
  name: string;
  /** The service's own description, where the English menu has one. */
  note?: string;
}

export const servicesEs: Readonly<Record<string, ServiceEs>> = {
  "Reg Mani/Pedi": {
    name: "Mani/Pedi clásico",
    note: "Nuestra manicura clásica y nuestra pedicura clásica, reservadas juntas.",
  },
  "Classic Manicure": { name: "Manicura clásica" },
  "Spa Manicure": {
    name: "Manicura spa",
    note: "Incluye exfoliante de azúcar, mascarilla hidratante y toalla tibia.",
  },
  "French Manicure": { name: "Manicura francesa" },
  "Gentleman's Manicure": {
    name: "Manicura para caballero",
    note: "Limado, cuidado de cutículas y acabado pulido o transparente mate.",
  },
  "Acrylic Full Set": { name: "Juego completo de acrílico" },
  "Acrylic Fill": { name: "Relleno de acrílico", note: "Recomendado cada dos o tres semanas." },
  "Acrylic Full Set with Gel Polish": { name: "Juego completo de acrílico con esmalte en gel" },
  "Pink & White Full Set": { name: "Juego completo rosa y blanco" },
  "Acrylic Removal": { name: "Retiro de acrílico" },
  "Classic Pedicure": { name: "Pedicura clásica" },
  "Spa Pedicure": {
    name: "Pedicura spa",
    note: "Añade exfoliante de sal marina, mascarilla hidratante y toalla caliente.",
  },
  "Deluxe Pedicure": {
    name: "Pedicura de lujo",
    note: "Añade parafina, piedras calientes y un masaje prolongado de pies y pantorrillas.",
  },
  "Gel Pedicure": { name: "Pedicura en gel" },
  "Callus Treatment": {
    name: "Tratamiento de callosidades",
    note: "Se suma a cualquier pedicura.",
  },
  "Gel-X Full Set": { name: "Juego completo Gel-X" },
  "Gel-X Full Set with French": { name: "Juego completo Gel-X con francesa" },
  "Hard Gel Full Set": { name: "Juego completo de gel duro" },
  "Hard Gel Fill": { name: "Relleno de gel duro", note: "Recomendado cada dos o tres semanas." },
  "Gel Extension Removal": { name: "Retiro de extensiones de gel" },
  "Gel Manicure": { name: "Manicura en gel" },
  "Gel Polish Change Hands": { name: "Cambio de esmalte en gel, manos" },
  "Gel Polish Change Toes": { name: "Cambio de esmalte en gel, pies" },
  "Gel French Manicure": { name: "Manicura francesa en gel" },
  "Gel Removal": { name: "Retiro de gel", note: "Sin costo con un nuevo servicio de gel." },
  "Dip Powder Full Set": {
    name: "Juego completo de polvo de inmersión",
    note: "Sobre uña natural.",
  },
  "Dip Powder with Tips": { name: "Polvo de inmersión con puntas" },
  "Dip Powder French or Ombre": { name: "Polvo de inmersión francesa u ombré" },
  "Dip Powder Removal": { name: "Retiro de polvo de inmersión" },
  "Kids Manicure (under 12)": { name: "Manicura infantil (menores de 12)" },
  "Kids Pedicure (under 12)": { name: "Pedicura infantil (menores de 12)" },
  "Kids Mani & Pedi (under 12)": { name: "Mani y pedi infantil (menores de 12)" },
  "Kids Polish Change (under 12)": {
    name: "Cambio de esmalte infantil (menores de 12)",
    note: "Manos o pies.",
  },
  "Eyebrow Wax": { name: "Cera de cejas" },
  "Lip Wax": { name: "Cera de labio superior" },
  "Chin Wax": { name: "Cera de mentón" },
  "Underarm Wax": { name: "Cera de axilas" },
  "Half Leg": { name: "Media pierna" },
  "Full Leg": { name: "Pierna completa" },
  "Hand & Arm Massage": { name: "Masaje de manos y brazos" },
  "Foot Reflexology": { name: "Reflexología podal" },
  "Neck & Shoulder": { name: "Cuello y hombros" },
  "Hot Stone Foot & Calf": {
    name: "Piedras calientes en pies y pantorrillas",
    note: "Piedras de basalto tibias para un alivio profundo y reconfortante.",
  },
  "Nail Art (per nail)": { name: "Arte en uñas (por uña)", note: "Precio según el detalle." },
  "French Tip Add-On": { name: "Punta francesa adicional" },
  "Chrome or Cat-Eye Finish": { name: "Acabado cromado u ojo de gato" },
  "Paraffin Treatment": { name: "Tratamiento de parafina" },
  "Nail Repair (per nail)": { name: "Reparación de uña (por uña)" },
  "Polish Removal": { name: "Retiro de esmalte" },
};
